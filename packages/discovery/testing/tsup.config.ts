import { packageConfig } from "../../../tsup.config.base.ts";

export default packageConfig({ "discovery-fakes": "src/discovery-fakes.ts" });
