/*
 * Throughput and worst-case timing of the guard on 1 MiB inputs, against the targets:
 * every input under 50 ms, benign prose at 100 MB/s or more, bundle under 4 KB min+gzip.
 * Baseline: the spec's shapes as plain regexes (the obvious implementation), run only on
 * small inputs because it backtracks catastrophically. Run with `pnpm bench` (after build).
 */
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import { findAllSecrets, findSecret } from "../dist/index.js";

const MIB = 1024 * 1024;
const WORST_CASE_MS = 50;
const PROSE_MBPS = 100;
const BUNDLE_BYTES = 4096;

function fill(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function base64Blob(size: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const random = seeded(7);
  let out = "";
  while (out.length < size) out += alphabet[Math.floor(random() * 64)];
  return out;
}

function prose(size: number): string {
  const words = (
    "the quick brown fox jumps over lazy dogs while mesh peers exchange status updates about " +
    "laws of physics, draws of the lottery and other news; nothing here is a secret at all."
  ).split(" ");
  const random = seeded(11);
  let out = "";
  while (out.length < size) {
    out += words[Math.floor(random() * words.length)];
    out += random() < 0.08 ? "\n" : " ";
  }
  return out.slice(0, size);
}

// Adversarial inputs keep the heuristics' context words present (on another line) so the
// scanner cannot skip them, but never where they would complete a match.
const CONTEXT = "\naws MESH_GATEWAY_TOKEN AKIA";
const INPUTS: [string, string][] = [
  ["a- repeated", fill("a-", MIB - CONTEXT.length) + CONTEXT],
  ["a- repeated, no context words", fill("a-", MIB)],
  ["40-char runs + spaces, no aws", fill(`${"A".repeat(40)} `, MIB)],
  ["40-char runs + spaces, aws next line", fill(`${"Ab/+".repeat(10)} `, MIB - 4) + "\naws"],
  ["base64 blob", base64Blob(MIB - CONTEXT.length) + CONTEXT],
  ["one character (a)", fill("a", MIB - CONTEXT.length) + CONTEXT],
  ["one character (-)", fill("-", MIB - CONTEXT.length) + CONTEXT],
  ["sk- repeated", fill("sk-", MIB)],
  ["eyJ + 15 + . repeated", fill(`eyJ${"a".repeat(15)}.`, MIB)],
  ["benign prose", prose(MIB)],
];

function timeMs(fn: () => unknown, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const pad = (s: string, n: number) => s.padEnd(n);
const num = (v: number, digits = 1) => v.toFixed(digits).padStart(8);

console.log(
  `@mesh/secret-guard bench (median of 7 runs; target: every 1 MiB input < ${WORST_CASE_MS} ms)`,
);
console.log(
  `${pad("input", 40)}${"bytes".padStart(9)}${"find ms".padStart(9)}${"all ms".padStart(9)}${"MB/s".padStart(9)}  worst/target`,
);
for (const [name, input] of INPUTS) {
  findSecret(input); // warm-up
  findAllSecrets(input);
  const first = timeMs(() => findSecret(input), 7);
  const all = timeMs(() => findAllSecrets(input), 7);
  const worst = Math.max(first, all);
  const mbps = input.length / 1e6 / (first / 1000);
  console.log(
    `${pad(name, 40)}${String(input.length).padStart(9)}${num(first, 2)} ${num(all, 2)}${num(mbps, 0)}  ${(worst / WORST_CASE_MS).toFixed(3)}`,
  );
}
const text = prose(MIB);
const proseMbps = text.length / 1e6 / (timeMs(() => findSecret(text), 15) / 1000);
console.log(
  `benign prose findSecret: ${proseMbps.toFixed(0)} MB/s (target >= ${PROSE_MBPS} MB/s, ratio ${(proseMbps / PROSE_MBPS).toFixed(2)}x)`,
);

// Baseline: the straightforward regex version of the spec's shapes.
const NAIVE = [
  /\bpypi-[A-Za-z0-9_-]{20,}/,
  /\bsk-ant-[A-Za-z0-9_-]{20,}/,
  /\bsk-admin-[A-Za-z0-9_-]{20,}/,
  /\bsk-(?!admin-)(?:proj-)?[A-Za-z0-9_-]{20,}/,
  /\bxai-[A-Za-z0-9_-]{40,}/,
  /\bsk-[a-f0-9]{32}\b/,
  /\bAIza[0-9A-Za-z_-]{35}/,
  /\bgh[ops]_[A-Za-z0-9]{30,}/,
  /\bAKIA[0-9A-Z]{16}\b/,
  /\b[A-Za-z0-9/+=]{40}\b(?=[^\n]*aws)/,
  /\beyJ[A-Za-z0-9_-]{15,}\.eyJ[A-Za-z0-9_-]{15,}\.[A-Za-z0-9_-]{15,}\b/,
  /\b[A-Za-z0-9_-]{48,}\b(?=[^\n]*MESH_GATEWAY_TOKEN)/,
];
const naiveFind = (input: string) => NAIVE.findIndex((re) => re.test(input));
console.log("baseline: naive regexes on `a-` repeated (super-linear, so small inputs only)");
let previous = 0;
for (const kib of [1, 2]) {
  const input = fill("a-", kib * 1024);
  const naive = timeMs(() => naiveFind(input), 1);
  const ours = timeMs(() => findSecret(input), 101);
  const growth = previous ? `, x${(naive / previous).toFixed(1)} for 2x input` : "";
  console.log(
    `  ${kib} KiB: naive ${naive.toFixed(0)} ms, guard ${(ours * 1000).toFixed(1)} us, speedup ${(naive / ours).toFixed(0)}x${growth}`,
  );
  previous = naive;
}

// Bundle size: dist/index.js minified by esbuild (tsup's own copy) and gzipped.
try {
  const require = createRequire(createRequire(import.meta.url).resolve("tsup"));
  const esbuild = require("esbuild") as {
    build(options: object): Promise<{ outputFiles: { contents: Uint8Array }[] }>;
  };
  const url = new URL("../dist/index.js", import.meta.url);
  const result = await esbuild.build({
    entryPoints: [url.pathname],
    bundle: true,
    minify: true,
    format: "esm",
    write: false,
  });
  const minified = result.outputFiles[0]?.contents ?? new Uint8Array();
  const gzipped = gzipSync(minified, { level: 9 }).length;
  console.log(
    `bundle: ${minified.length} B minified, ${gzipped} B min+gzip (target < ${BUNDLE_BYTES} B, ratio ${(gzipped / BUNDLE_BYTES).toFixed(2)})`,
  );
} catch (err) {
  console.log(`bundle: not measured (esbuild unavailable: ${(err as Error).message})`);
}
