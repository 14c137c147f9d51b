import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Options } from "tsup";
import { packageConfig } from "../../../tsup.config.base.ts";

const TESTING = "src/testing/index.ts";
// The bins of every mesh and discovery package import this first, on whatever Node runs them.
const CHECK_NODE = "src/check-node-version.ts";
const base = packageConfig({ testing: TESTING, "check-node-version": CHECK_NODE }) as Options;

const commanderDir = dirname(fileURLToPath(import.meta.resolve("commander")));
const commanderVersion: string = JSON.parse(
  readFileSync(join(commanderDir, "package.json"), "utf8"),
).version;
const commanderLicense = readFileSync(join(commanderDir, "LICENSE"), "utf8").trim();
const NODE_IMPORT = /^import (\w+|\{[\w\s,]+\}) from '(node:[\w/]+)';$/gm;

/**
 * commander is bundled, its `import … from 'node:…'` lines turned into
 * `process.getBuiltinModule` calls. An ES import of a built-in builds the module's whole
 * namespace, reading every lazy export: for node:process that opens stdin, for node:util and
 * node:fs it loads parseArgs, diff, colours and fs/promises. That costs a command ~10 ms of
 * its start-up before it parses an argument; the built-ins themselves are what commander needs.
 */
function commanderSource(path: string): string {
  const source = readFileSync(path, "utf8").replace(
    NODE_IMPORT,
    (_line, binding: string, id: string) =>
      `const ${binding} = globalThis.process.getBuiltinModule('${id}');`,
  );
  if (source.includes("from 'node:")) {
    throw new Error(`${path}: an import of a built-in that the cli-kit build does not rewrite`);
  }
  if (!path.endsWith("index.js")) return source;
  // The default `program` is unused here: pure, so the bundle does not build it.
  const entry = source.replace(
    "program = new Command()",
    "program = /* @__PURE__ */ new Command()",
  );
  // Its licence asks for this notice in every copy; esbuild keeps /*! comments.
  return `/*! commander ${commanderVersion} (bundled)\n${commanderLicense}\n*/\n${entry}`;
}

// `./testing` and `./check-node-version` are public entries too, so they get declarations like
// the index (the shared config declares only the index, because its extra entries are usually bins).
export default {
  ...base,
  noExternal: ["commander"],
  dts: { entry: { index: "src/index.ts", testing: TESTING, "check-node-version": CHECK_NODE } },
  esbuildPlugins: [
    {
      name: "commander-builtins",
      setup(build) {
        build.onLoad({ filter: /[\\/]commander[\\/](index|lib[\\/]\w+)\.js$/ }, ({ path }) => ({
          contents: commanderSource(path),
          loader: "js",
        }));
      },
    },
  ],
} satisfies Options;
