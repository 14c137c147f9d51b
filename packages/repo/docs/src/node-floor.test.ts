import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../../..");
const FLOOR = (
  JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { engines: { node: string } }
).engines.node;

function readmes(): string[] {
  const found = [join(ROOT, "README.md")];
  for (const scope of readdirSync(join(ROOT, "packages"))) {
    for (const name of readdirSync(join(ROOT, "packages", scope))) {
      const file = join(ROOT, "packages", scope, name, "README.md");
      if (readdirSync(join(ROOT, "packages", scope, name)).includes("README.md")) found.push(file);
    }
  }
  return found;
}

describe("the Node floor", () => {
  it("is stated in the root package.json as >=MAJOR.MINOR", () => {
    expect(FLOOR).toMatch(/^>=\d+\.\d+$/);
  });

  it.each(readmes().map((file) => [relative(ROOT, file), file]))(
    "%s names no other Node version floor",
    (_, file) => {
      const text = readFileSync(file, "utf8");
      const stated = [...text.matchAll(/Node(?:\.js)?\s*(?:>=|≥)\s*(\d+(?:\.\d+)*)/g)].map(
        (match) => `>=${match[1]}`,
      );
      for (const floor of stated) expect(floor).toBe(FLOOR);
    },
  );
});
