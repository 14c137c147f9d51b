import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../../..");
const text = readFileSync(join(ROOT, "CONTRIBUTING.md"), "utf8");

it("CONTRIBUTING.md names only files and folders that exist", () => {
  // Patterns (`packages/*/*/src`, `<name>-tool.ts`) name no one file.
  const paths = [...text.matchAll(/`(packages\/[^`\s]+)`/g)]
    .map((match) => match[1]!)
    .filter((path) => !/[*<]/.test(path));
  expect(paths.length).toBeGreaterThan(50);
  const missing = [...new Set(paths)].filter((path) => !existsSync(join(ROOT, path)));
  expect(missing).toEqual([]);
});

it("CONTRIBUTING.md's map has a row for every published package", () => {
  const named = new Set([...text.matchAll(/^\| `(@[\w-]+\/[\w-]+)` \|/gm)].map((row) => row[1]));
  const published: string[] = [];
  for (const scope of readdirSync(join(ROOT, "packages"))) {
    for (const name of readdirSync(join(ROOT, "packages", scope))) {
      const manifest = join(ROOT, "packages", scope, name, "package.json");
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { name: string; private?: boolean };
      if (!pkg.private) published.push(pkg.name);
    }
  }
  expect(published.filter((name) => !named.has(name))).toEqual([]);
});
