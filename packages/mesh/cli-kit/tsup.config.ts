import type { Options } from "tsup";
import { packageConfig } from "../../../tsup.config.base.ts";

const TESTING = "src/testing/index.ts";
const base = packageConfig({ testing: TESTING }) as Options;

// `./testing` is a public entry too, so it gets declarations like the index (the shared config
// declares only the index, because its extra entries are usually bins).
export default { ...base, dts: { entry: { index: "src/index.ts", testing: TESTING } } };
