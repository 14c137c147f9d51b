/*
 * Speed, recall, false positives and bundle size of the guard, each against its target:
 * every adversarial 1 MiB input under 20 ms, benign prose at 300 MB/s or more with every
 * rule, recall 100% on generated credentials, no false positive on real text, the spec-only
 * entry under 4 KB min+gzip. Times are CPU time of this process (`process.cpuUsage`, median
 * of 7 runs after 5 warm-up runs), so that other work on a shared machine does not count,
 * nor V8's tier-up: with one warm-up run, a row sometimes catches its functions still in a
 * lower tier and reads twice its steady cost. Baselines: the same
 * build with the spec's twelve rules only (`rules: 'spec'`), the spec's shapes as plain
 * regexes (super-linear, small inputs only), and the bundle before the extra rules.
 * Run with `pnpm bench` (after build).
 */

import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import { reportBench } from "@repo/bench";
import {
  ALPHABETS,
  EXTRA_SECRET_RULES,
  findAllSecrets,
  findSecret,
  redactSecrets,
} from "../dist/index.js";
import { benignCorpus } from "../test/benign-corpus.ts";
import { recordFormats, seeded, VENDOR_FORMATS } from "../test/vendor-formats.ts";

const MIB = 1024 * 1024;
const WORST_CASE_MS = 20;
const PROSE_MBPS = 300;
const SPEC_BUNDLE_BYTES = 4096;
/** min+gzip of the only entry before the extra rules (commit 465ef52). */
const BASELINE_BUNDLE_BYTES = 4041;

function fill(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
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
const withContext = (unit: string) => fill(unit, MIB - CONTEXT.length) + CONTEXT;
const INPUTS: [string, string][] = [
  ["a- repeated", withContext("a-")],
  ["a- repeated, no context words", fill("a-", MIB)],
  ["40-char runs + spaces, no aws", fill(`${"A".repeat(40)} `, MIB)],
  ["40-char runs + spaces, aws next line", fill(`${"Ab/+".repeat(10)} `, MIB - 4) + "\naws"],
  ["40-char runs + spaces, aws at line end", fill(`${"Ab/+".repeat(10)} `, MIB - 4) + " aws"],
  ["base64 blob", withContext(base64Blob(MIB))],
  ["one character (a)", withContext("a")],
  ["one character (-)", withContext("-")],
  ["one character (_)", withContext("_")],
  ["one character (:)", withContext(":")],
  ["sk- repeated", fill("sk-", MIB)],
  // Literals by the hundred thousand: inside words, at word starts, after a dash.
  ["gh repeated", withContext("gh")],
  ["sk-a + space repeated", withContext("sk-a ")],
  ["-AKIA repeated", withContext("-AKIA")],
  ["ASIA repeated", withContext("ASIA")],
  ["r8_a + space repeated", withContext("r8_a ")],
  // The part a literal is searched by, without what the literal starts with: each a near miss.
  ["yJ + space repeated", withContext("yJ ")],
  ["KIA + space repeated", withContext("KIA ")],
  // Floods of the first character of those parts (native search stops at each).
  ["one character (w)", withContext("w")],
  ["one character (K)", withContext("K")],
  ["one character (y)", withContext("y")],
  ["eyJ + 15 + . repeated", fill(`eyJ${"a".repeat(15)}.`, MIB)],
  ["xoxb-1- repeated", fill("xoxb-1-", MIB)],
  ["private-key headers, no footer", fill("-----BEGIN PRIVATE KEY-----\nab cd\n", MIB)],
  ["private-key headers, one footer", fill("-----BEGIN PRIVATE KEY-----\n", MIB - 30) + "-----END"],
  ["url schemes, no password", fill("postgres://user@", MIB)],
  ["assignments, no value", fill("AWS_SECRET_ACCESS_KEY= ", MIB)],
  ['"private_key": repeated', fill('"private_key": ', MIB)],
  // Literals read inside long runs of token characters, each a near miss.
  ["SK- repeated", withContext("SK-")],
  ["pat. repeated", withContext("pat.")],
  ["dp.pt.a repeated", withContext("dp.pt.a")],
  ["https://a: repeated", fill("https://a:", MIB)],
  ["benign prose", prose(MIB)],
];

type Scan = (content: string) => unknown;

function cpuMs(fn: () => unknown, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const pad = (s: string, n: number) => s.padEnd(n);
const num = (v: number, digits = 1) => v.toFixed(digits).padStart(8);
const spec = { rules: "spec" } as const;
const WARM_UP = 5;
const worstOf = (input: string, find: Scan, all: Scan) => {
  for (let i = 0; i < WARM_UP; i++) {
    find(input);
    all(input);
  }
  return [cpuMs(() => find(input), 7), cpuMs(() => all(input), 7)] as const;
};

console.log(
  `@mesh/secret-guard bench: CPU ms, median of 7 runs after ${WARM_UP} warm-up runs, every 1 MiB input`,
);
console.log(
  `${pad("input", 38)}${"find".padStart(8)}${"all".padStart(8)}${"MB/s".padStart(8)}${"spec".padStart(8)}  worst/target  /spec`,
);
let worstMs = 0;
let worstName = "";
for (const [name, input] of INPUTS) {
  const [first, all] = worstOf(input, findSecret, findAllSecrets);
  const [specFirst, specAll] = worstOf(
    input,
    (c) => findSecret(c, spec),
    (c) => findAllSecrets(c, spec),
  );
  const worst = Math.max(first, all);
  if (name !== "benign prose" && worst > worstMs) [worstMs, worstName] = [worst, name];
  console.log(
    `${pad(name, 38)}${num(first, 2)}${num(all, 2)}${num(input.length / 1e3 / first, 0)}${num(Math.max(specFirst, specAll), 2)}  ${(worst / WORST_CASE_MS).toFixed(2).padStart(12)}  ${(worst / Math.max(specFirst, specAll, 0.01)).toFixed(2).padStart(5)}`,
  );
}
reportBench({
  figure: `secret guard, worst adversarial 1 MiB (${worstName})`,
  value: `${worstMs.toFixed(1)} ms`,
  target: `< ${WORST_CASE_MS} ms`,
  met: worstMs < WORST_CASE_MS,
});
const text = prose(MIB);
const proseMbps = text.length / 1e3 / cpuMs(() => findSecret(text), 15);
const specMbps = text.length / 1e3 / cpuMs(() => findSecret(text, spec), 15);
reportBench({
  figure: "secret guard, benign prose 1 MiB, every rule",
  value: `${proseMbps.toFixed(0)} MB/s`,
  baseline: `spec rules only ${specMbps.toFixed(0)} MB/s`,
  ratio: proseMbps / specMbps,
  target: `>= ${PROSE_MBPS} MB/s`,
  met: proseMbps >= PROSE_MBPS,
});

// The common case: a short chat message, checked with the sender's own token as the client
// does on every send. Informative: per call, in a hot loop (a send's other work makes it cost
// several times this in place).
const MESSAGE = "build 4711 finished: 312 tests passed, artifacts uploaded to the usual place";
const TOKEN = `mesh_${"aB3dE6gH9jK2mN5pQ8sT1vW4yZ7".repeat(2).slice(0, 48)}`;
const CALLS = 20_000;
const perCallNs = (options: object) => {
  const guarded = { knownSecrets: [TOKEN], ...options };
  return (
    (cpuMs(() => {
      for (let i = 0; i < CALLS; i++) findSecret(MESSAGE, guarded);
    }, 15) *
      1e6) /
    CALLS
  );
};
perCallNs({});
const messageNs = perCallNs({});
const messageSpecNs = perCallNs(spec);
reportBench({
  figure: `secret guard, a ${MESSAGE.length}-character message with the sender's token, every rule`,
  value: `${messageNs.toFixed(0)} ns`,
  baseline: `spec rules only ${messageSpecNs.toFixed(0)} ns`,
  ratio: messageNs / messageSpecNs,
});

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
  const naive = cpuMs(() => naiveFind(input), 1);
  const ours = cpuMs(() => findSecret(input), 101);
  const growth = previous ? `, x${(naive / previous).toFixed(1)} for 2x input` : "";
  console.log(
    `  ${kib} KiB: naive ${naive.toFixed(0)} ms, guard ${(ours * 1000).toFixed(1)} us, speedup ${(naive / Math.max(ours, 0.001)).toFixed(0)}x${growth}`,
  );
  previous = naive;
}

// Recall on credentials generated in each vendor's documented format (target 100%).
const PER_FORMAT = 300;
let caught = 0;
console.log(`recall: ${PER_FORMAT} generated credentials per format (target 100%)`);
const FORMATS = [...VENDOR_FORMATS, ...recordFormats(EXTRA_SECRET_RULES, ALPHABETS)];
for (const format of FORMATS) {
  let found = 0;
  for (let seed = 1; seed <= PER_FORMAT; seed++) {
    const { content, secret } = format.make(seeded(seed * 7919));
    const at = content.indexOf(secret);
    const hit = findAllSecrets(content).some(
      (m) =>
        m.ruleId === format.ruleId && m.index <= at && m.index + m.length >= at + secret.length,
    );
    if (hit && !redactSecrets(content).includes(secret)) found++;
  }
  caught += found;
  console.log(
    `  ${pad(format.ruleId, 34)} ${((100 * found) / PER_FORMAT).toFixed(1).padStart(5)}%  ${format.vendor}`,
  );
}
const total = PER_FORMAT * FORMATS.length;
reportBench({
  figure: `secret guard recall, ${total} generated credentials`,
  value: `${((100 * caught) / total).toFixed(2)} %`,
  target: "100 %",
  met: caught === total,
});

// False positives on real text (target 0).
const corpus = benignCorpus();
const byKind = new Map<string, { chars: number; hits: number; spec10: number }>();
for (const entry of corpus) {
  const row = byKind.get(entry.kind) ?? { chars: 0, hits: 0, spec10: 0 };
  for (const match of findAllSecrets(entry.text)) {
    if (match.ruleId === "aws-secret-access-key" && entry.kind === "image-data-url") row.spec10++;
    else row.hits++;
  }
  row.chars += entry.text.length;
  byKind.set(entry.kind, row);
}
let falsePositives = 0;
console.log(`false positives on ${corpus.length} real texts (target 0):`);
for (const [kind, row] of byKind) {
  falsePositives += row.hits;
  const note = row.spec10
    ? `; plus ${row.spec10} of the spec's aws heuristic on a chance "aws"`
    : "";
  console.log(
    `  ${pad(kind, 16)} ${String(row.chars).padStart(9)} chars  ${row.hits} found${note}`,
  );
}
reportBench({
  figure: `secret guard false positives on ${corpus.length} real texts`,
  value: String(falsePositives),
  target: "0",
  met: falsePositives === 0,
});

// Bundle size: each entry minified by esbuild (tsup's own copy) and gzipped.
try {
  const require = createRequire(createRequire(import.meta.url).resolve("tsup"));
  const esbuild = require("esbuild") as {
    build(options: object): Promise<{ outputFiles: { contents: Uint8Array }[] }>;
  };
  for (const entry of ["index", "spec"] as const) {
    const url = new URL(`../dist/${entry}.js`, import.meta.url);
    const result = await esbuild.build({
      entryPoints: [url.pathname],
      bundle: true,
      minify: true,
      format: "esm",
      write: false,
    });
    const minified = result.outputFiles[0]?.contents ?? new Uint8Array();
    const gzipped = gzipSync(minified, { level: 9 }).length;
    const name = entry === "index" ? "default entry (every rule)" : "spec-only entry";
    const figure = {
      figure: `secret guard bundle, ${name}, min+gzip (${minified.length} B minified)`,
      value: `${gzipped} B`,
      baseline: `${BASELINE_BUNDLE_BYTES} B before the extra rules`,
      ratio: gzipped / BASELINE_BUNDLE_BYTES,
    };
    reportBench(
      entry === "spec"
        ? { ...figure, target: `< ${SPEC_BUNDLE_BYTES} B`, met: gzipped < SPEC_BUNDLE_BYTES }
        : figure,
    );
  }
} catch (err) {
  console.log(`bundle: not measured (esbuild unavailable: ${(err as Error).message})`);
}
