import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../../..");

it("the README's package table has a row for every published package, linked to its folder", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const rows = [
    ...readme.matchAll(/^\| \[`(@[\w-]+\/[\w-]+)`\]\((packages\/[\w-]+\/[\w-]+)\) \|/gm),
  ];
  const listed = rows.map((row) => `${row[1]} ${row[2]}`).sort();
  const published: string[] = [];
  for (const scope of readdirSync(join(ROOT, "packages"))) {
    for (const name of readdirSync(join(ROOT, "packages", scope))) {
      const dir = join("packages", scope, name);
      let pkg: { name: string; private?: boolean };
      try {
        pkg = JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8"));
      } catch {
        continue;
      }
      if (!pkg.private) published.push(`${pkg.name} ${dir}`);
    }
  }
  expect(listed).toEqual(published.sort());
});
