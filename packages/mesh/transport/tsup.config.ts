import { packageConfig } from "../../../tsup.config.base.ts";

export default packageConfig();
