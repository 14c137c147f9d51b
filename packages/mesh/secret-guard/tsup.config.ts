import { packageConfig } from "../../../tsup.config.base.ts";

const entries = { spec: "src/spec.ts", extra: "src/extra.ts" };
const config = packageConfig(entries);

// Three entries sharing chunks (one CredentialLeakError class for all), each with its types.
export default { ...config, dts: { entry: { index: "src/index.ts", ...entries } } };
