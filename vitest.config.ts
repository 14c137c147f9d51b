import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { defineConfig } from "vitest/config";

const ROOT = import.meta.dirname;

/** Every workspace package directory (`packages/<scope>/<name>` holding a package.json). */
function packageDirs(): string[] {
  const dirs: string[] = [];
  for (const scope of readdirSync(join(ROOT, "packages"), { withFileTypes: true })) {
    if (!scope.isDirectory()) continue;
    for (const entry of readdirSync(join(ROOT, "packages", scope.name), { withFileTypes: true })) {
      const dir = join("packages", scope.name, entry.name);
      if (entry.isDirectory() && existsSync(join(ROOT, dir, "package.json"))) dirs.push(dir);
    }
  }
  return dirs.sort();
}

/** The source file behind an export subpath: `.` is `src/index.ts`, `./x` is `src/x.ts` or `src/x/index.ts`. */
function sourceOf(dir: string, subpath: string): string | undefined {
  const candidates =
    subpath === "."
      ? ["src/index.ts"]
      : [`src/${subpath.slice(2)}.ts`, `src/${subpath.slice(2)}/index.ts`];
  return candidates.map((file) => resolve(ROOT, dir, file)).find((file) => existsSync(file));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * Tests import sibling packages (`@mesh/*`, `@discovery/*`, subpaths such as
 * `@mesh/cli-kit/testing`) from their sources, not from `dist`: `vitest` alone, in the middle of
 * a refactor, tests the current code. Only the tests that spawn a package's bin run its `dist`;
 * `pnpm test` builds first (`turbo run build` before `vitest run`) so those are current too.
 */
function workspaceAliases(dirs: readonly string[]) {
  const aliases: Array<{ find: RegExp; replacement: string }> = [];
  for (const dir of dirs) {
    const manifest = JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")) as {
      name: string;
      exports?: Record<string, unknown>;
    };
    for (const subpath of Object.keys(manifest.exports ?? { ".": null })) {
      const source = sourceOf(dir, subpath);
      if (source === undefined) continue;
      const specifier = subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      aliases.push({ find: new RegExp(`^${escapeRegExp(specifier)}$`), replacement: source });
    }
  }
  return aliases;
}

const dirs = packageDirs();

export default defineConfig({
  resolve: { alias: workspaceAliases(dirs) },
  test: {
    projects: dirs.map((dir) => ({
      extends: true,
      test: {
        name: JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")).name,
        root: resolve(ROOT, dir),
      },
    })),
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
