import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../../..");

/** The README's package table: name, folder and stability tier of every published package. */
function tableRows(): Array<{ name: string; dir: string; tier: string }> {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const rows = readme.matchAll(
    /^\| \[`(@[\w-]+\/[\w-]+)`\]\((packages\/[\w-]+\/[\w-]+)\) \|[^|]*\| ([^|]+) \|$/gm,
  );
  return [...rows].map(([, name, dir, tier]) => ({ name: name!, dir: dir!, tier: tier!.trim() }));
}

const manifest = (dir: string): { name: string; version: string } =>
  JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8"));

describe("the released versions follow the README's stability tiers", () => {
  const rows = tableRows();

  it("reads a tier for every row of the package table", () => {
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.tier).not.toBe("");
  });

  it.each(rows)("$name is at 1.x or later when stable, 0.x otherwise", ({ dir, tier }) => {
    const major = Number(manifest(dir).version.split(".")[0]);
    if (tier.startsWith("stable")) expect(major).toBeGreaterThanOrEqual(1);
    else expect(major).toBe(0);
  });

  it.each(rows)("$name has a CHANGELOG.md whose newest entry is its version", ({ dir }) => {
    const changelog = join(ROOT, dir, "CHANGELOG.md");
    expect(existsSync(changelog)).toBe(true);
    const newest = /^## (\S+)$/m.exec(readFileSync(changelog, "utf8"))?.[1];
    expect(newest).toBe(manifest(dir).version);
  });
});
