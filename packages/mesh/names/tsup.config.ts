import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { packageConfig } from "../../../tsup.config.base.ts";

// ofetch's Node build loads node-fetch-native (a whole fetch polyfill, with node:http, zlib and
// more) although Node has fetch: it costs about as much as starting Node itself. Its
// platform-neutral build is bundled instead; ofetch is then a build-time dependency only.
const ofetchPackage = createRequire(import.meta.url).resolve("ofetch/package.json");

export default {
  ...packageConfig(),
  noExternal: ["ofetch"],
  esbuildOptions(options: { alias?: Record<string, string> }) {
    options.alias = { ofetch: join(dirname(ofetchPackage), "dist/index.mjs") };
  },
};
