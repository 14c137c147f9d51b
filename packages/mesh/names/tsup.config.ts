import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Options } from "tsup";
import { packageConfig } from "../../../tsup.config.base.ts";

// ofetch's Node build loads node-fetch-native (a whole fetch polyfill, with node:http, zlib and
// more) although Node has fetch: it costs about as much as starting Node itself. Its
// platform-neutral build is bundled instead; ofetch is then a build-time dependency only.
const ofetchDist = join(
  dirname(createRequire(import.meta.url).resolve("ofetch/package.json")),
  "dist",
);

/**
 * ofetch's entry also builds a default instance as it loads, reading `globalThis.Headers`: in
 * Node that loads the undici bundle (~40 ms) on import, before any request. Only `createFetch`
 * and `FetchError` are used, so `ofetch` resolves to a module that re-exports just those two
 * from the chunk the entry itself imports them from.
 */
function ofetchCore(): string {
  const entry = readFileSync(join(ofetchDist, "index.mjs"), "utf8");
  const create = /import \{ (\w+) as createFetch \} from '(\.\/shared\/[\w.]+\.mjs)'/.exec(entry);
  const error = /export \{ (\w+) as FetchError\b[^}]*\} from '(\.\/shared\/[\w.]+\.mjs)'/.exec(
    entry,
  );
  if (create === null || error === null) {
    throw new Error("ofetch's dist/index.mjs changed shape: update the ofetch-core plugin");
  }
  return [
    `export { ${create[1]} as createFetch } from ${JSON.stringify(create[2])};`,
    `export { ${error[1]} as FetchError } from ${JSON.stringify(error[2])};`,
  ].join("\n");
}

export default {
  ...packageConfig(),
  noExternal: ["ofetch"],
  esbuildPlugins: [
    {
      name: "ofetch-core",
      setup(build) {
        build.onResolve({ filter: /^ofetch$/ }, () => ({
          path: "ofetch",
          namespace: "ofetch-core",
        }));
        build.onLoad({ filter: /.*/, namespace: "ofetch-core" }, () => ({
          contents: ofetchCore(),
          resolveDir: ofetchDist,
          loader: "js",
        }));
      },
    },
  ],
} satisfies Options;
