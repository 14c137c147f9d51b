import type { Options } from "tsup";
import { packageConfig } from "../../../tsup.config.base.ts";

const TESTING = "src/testing/index.ts";
// The bins of every mesh and discovery package import this first, on whatever Node runs them.
const CHECK_NODE = "src/check-node-version.ts";
const base = packageConfig({ testing: TESTING, "check-node-version": CHECK_NODE }) as Options;

// `./testing` and `./check-node-version` are public entries too, so they get declarations like
// the index (the shared config declares only the index, because its extra entries are usually bins).
export default {
  ...base,
  dts: { entry: { index: "src/index.ts", testing: TESTING, "check-node-version": CHECK_NODE } },
} satisfies Options;
