import { defineConfig } from "tsup";

/**
 * The one build every package shares: ESM only, declarations, Node target.
 * A package with command-line entry points passes them as extra entries.
 */
export function packageConfig(extraEntries: Record<string, string> = {}) {
  return defineConfig({
    entry: { index: "src/index.ts", ...extraEntries },
    format: ["esm"],
    dts: { entry: { index: "src/index.ts" } },
    target: "node22",
    platform: "node",
    sourcemap: false,
    clean: true,
    splitting: true,
    treeshake: true,
    // Some built-ins (node:sqlite, node:test) exist only with their `node:` prefix.
    removeNodeProtocol: false,
  });
}
