import type { Options } from "tsup";
import { packageConfig } from "../../../tsup.config.base.ts";

// node:sqlite exists only with its `node:` prefix, so tsup must keep the protocol.
export default { ...(packageConfig({ cli: "src/cli.ts" }) as Options), removeNodeProtocol: false };
