/*
 * Real text without deliberate fake keys, for counting false positives: the project's own
 * sources and docs (tests and fixtures excluded), the lockfile, English prose (the license
 * texts shipped with the system), real images as base64, UUIDs and git SHAs.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export interface BenignText {
  name: string;
  /** Where the text comes from; `image-data-url` is a whole image as one base64 line. */
  kind: "project" | "prose" | "image-data-url" | "image-lines" | "uuids" | "git-shas";
  text: string;
}

const ROOT = resolve(import.meta.dirname, "../../../..");
const TEXT_FILE = /\.(?:ts|mts|js|mjs|json|md|ya?ml|toml)$/;
/** Tests, fixtures and benchmarks (their inputs are built to look like secrets). */
const EXCLUDED = /(?:^|\/)(?:test|tests|__fixtures__|fixtures|bench)\/|\.test\.ts$/;
/**
 * Deliberate fake keys in the docs, there to show a send being refused (one is AWS's own
 * documented example key id): not benign text, so they are left out.
 */
const DELIBERATE = /sk-proj-Zt8qLm3VxN1pR7sK2wY9aB4cD6eF0gH5|sk-proj-A{30}|AKIAIOSFODNN7EXAMPLE/g;

function projectFiles(): BenignText[] {
  const listed = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" });
  return listed
    .split("\n")
    .filter((path) => TEXT_FILE.test(path) && !EXCLUDED.test(path))
    .filter((path) => existsSync(join(ROOT, path)))
    .map((path) => ({
      name: path,
      kind: "project" as const,
      text: readFileSync(join(ROOT, path), "utf8").replace(DELIBERATE, ""),
    }));
}

function licenseProse(): BenignText[] {
  const dir = "/usr/share/common-licenses";
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ name: path, kind: "prose" as const, text: readFileSync(path, "utf8") }));
}

/** Images from installed packages, base64 as in a data: URL and as wrapped MIME lines. */
function base64Images(): BenignText[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (found.length >= 40 || depth > 8) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, depth + 1);
      else if (/\.(?:png|jpe?g|gif|ico)$/.test(entry.name)) found.push(path);
      if (found.length >= 40) return;
    }
  };
  const store = join(ROOT, "node_modules/.pnpm");
  if (existsSync(store)) walk(store, 0);
  return found.flatMap((path) => {
    const data = readFileSync(path).toString("base64");
    const wrapped = data.match(/.{1,76}/g)?.join("\n") ?? "";
    return [
      { name: path, kind: "image-data-url" as const, text: `<img src="data:;base64,${data}">` },
      { name: path, kind: "image-lines" as const, text: wrapped },
    ];
  });
}

function uuids(count: number): BenignText {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const h = createHash("sha256").update(`uuid ${i}`).digest("hex");
    const v = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
    lines.push(i % 2 ? `"id": "${v}",` : `request ${v} done`);
  }
  return { name: "uuids", kind: "uuids", text: lines.join("\n") };
}

function gitShas(count: number): BenignText {
  // Hashes only: commit subjects are the project's own words about its rules, and name rule
  // literals on purpose (as tests and fixtures do, which the corpus leaves out too).
  const log = execFileSync("git", ["log", "--format=%H %T %P"], { cwd: ROOT, encoding: "utf8" });
  const objects = execFileSync("git", ["ls-files", "-s"], { cwd: ROOT, encoding: "utf8" });
  const lines = [log, objects];
  for (let i = 0; i < count; i++) {
    const sha = createHash("sha1").update(`commit ${i}`).digest("hex");
    lines.push(`commit ${sha}\nMerge: ${sha.slice(0, 7)} ${sha.slice(7, 14)}`);
  }
  return { name: "git shas", kind: "git-shas", text: lines.join("\n") };
}

/** The benign corpus, one entry per source. */
export function benignCorpus(): BenignText[] {
  return [...projectFiles(), ...licenseProse(), ...base64Images(), uuids(20_000), gitShas(20_000)];
}
