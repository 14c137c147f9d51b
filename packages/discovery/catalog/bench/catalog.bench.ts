// Catalog benchmarks: parsing the real 440-entry AIMLAPI capture, and model
// lookups by id. Run with `pnpm --filter @discovery/catalog bench` after a build.

import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import {
  createCatalogIndex,
  invalidateCatalog,
  isModelSupported,
  listModels,
  parseCatalog,
} from "@discovery/catalog";
import { aimlapiCapturePath, startFakeAimlapi } from "@discovery/testing";
import { reportBench } from "@repo/bench";

const PARSE_WARMUP = 100;
const PARSE_RUNS = 500;
const LOOKUPS = 1_000_000;
const PARSE_TARGET_MS = 10;
const LOOKUP_TARGET_PER_S = 5_000_000;

function stats(samples: number[]): { mean: number; median: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((sum, x) => sum + x, 0) / samples.length;
  return { mean, median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN };
}

function timeRuns(run: () => unknown): { mean: number; median: number } {
  for (let i = 0; i < PARSE_WARMUP; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < PARSE_RUNS; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return stats(samples);
}

const ms = (x: number) => `${x.toFixed(3)} ms`;
const rate = (x: number) => `${(x / 1e6).toFixed(2)} M/s`;

// --- parse -----------------------------------------------------------------
const text = readFileSync(aimlapiCapturePath(), "utf8");
const preParsed: unknown = JSON.parse(text);
const modelCount = parseCatalog(preParsed).length;

const baseline = timeRuns(() => JSON.parse(text));
const full = timeRuns(() => parseCatalog(JSON.parse(text)));
const entriesOnly = timeRuns(() => parseCatalog(preParsed));

console.log(
  `catalog parse: real AIMLAPI capture, ${modelCount} models, ${(text.length / 1024).toFixed(0)} KiB`,
);
console.log(`  runs: ${PARSE_RUNS} after ${PARSE_WARMUP} warm-up runs`);
console.log(
  `  JSON.parse alone (baseline)      mean ${ms(baseline.mean)}  median ${ms(baseline.median)}`,
);
console.log(
  `  JSON.parse + parseCatalog        mean ${ms(full.mean)}  median ${ms(full.median)}  (${(full.median / baseline.median).toFixed(2)}x baseline)`,
);
console.log(
  `  parseCatalog on parsed JSON      mean ${ms(entriesOnly.mean)}  median ${ms(entriesOnly.median)}  (${(entriesOnly.median / baseline.median).toFixed(2)}x baseline)`,
);
reportBench({
  figure: "catalog parse, JSON.parse + parseCatalog (median)",
  value: ms(full.median),
  baseline: `JSON.parse alone ${ms(baseline.median)}`,
  ratio: full.median / baseline.median,
  target: `< ${PARSE_TARGET_MS} ms`,
  met: full.median < PARSE_TARGET_MS,
});

// --- lookups ---------------------------------------------------------------
await using server = await startFakeAimlapi();
const options = { baseUrl: server.url, logger: { warn: () => {} } };
invalidateCatalog();
const models = await listModels(options);
// Half hits, half misses, so neither path alone is measured.
const ids = models.flatMap((m) => [m.id, `${m.id}-missing`]);
const idCount = ids.length;

function report(label: string, elapsedMs: number, hits: number): number {
  const perSecond = LOOKUPS / (elapsedMs / 1000);
  console.log(
    `  ${label.padEnd(40)} ${rate(perSecond).padStart(10)}  (${hits} hits, ${elapsedMs.toFixed(1)} ms)`,
  );
  return perSecond;
}

// Each loop runs inside a function: V8 optimises top-level module code poorly.
function timeSync(has: (id: string) => boolean): { elapsedMs: number; hits: number } {
  for (let i = 0; i < 200_000; i++) has(ids[i % idCount]!);
  let hits = 0;
  const start = performance.now();
  for (let i = 0; i < LOOKUPS; i++) if (has(ids[i % idCount]!)) hits++;
  return { elapsedMs: performance.now() - start, hits };
}

async function timeAsync(
  has: (id: string) => Promise<boolean>,
): Promise<{ elapsedMs: number; hits: number }> {
  for (let i = 0; i < 200_000; i++) await has(ids[i % idCount]!);
  let hits = 0;
  const start = performance.now();
  for (let i = 0; i < LOOKUPS; i++) if (await has(ids[i % idCount]!)) hits++;
  return { elapsedMs: performance.now() - start, hits };
}

console.log(
  `\ncatalog lookups: ${LOOKUPS} lookups per row after 200000 warm-up ones, half of them hits`,
);

// Baseline: a bare Map.has over the same ids, the floor any index pays.
const plain = new Map(models.map((m) => [m.id, m]));
const base = timeSync((id) => plain.has(id));
const mapRate = report("Map.has (baseline)", base.elapsedMs, base.hits);

const index = createCatalogIndex(models);
const sync = timeSync((id) => index.has(id));
const syncRate = report("createCatalogIndex(...).has (sync)", sync.elapsedMs, sync.hits);

// A do-nothing async function awaited the same way: the floor of any awaited lookup.
const trivial = await timeAsync(async (id) => id.length === 0);
const trivialRate = report("await of an empty async fn (floor)", trivial.elapsedMs, trivial.hits);

const supported = await timeAsync((id) => isModelSupported(id, options));
const asyncRate = report(
  "await isModelSupported (each awaited)",
  supported.elapsedMs,
  supported.hits,
);

console.log(
  `  ratios to Map.has: sync index ${(syncRate / mapRate).toFixed(2)}x; isModelSupported ${(asyncRate / mapRate).toFixed(2)}x (${(asyncRate / trivialRate).toFixed(2)}x the async floor)`,
);
const perSecond = (rate: number) => `${(rate / 1e6).toFixed(2)} M/s`;
reportBench({
  figure: "catalog sync index lookups/s",
  value: perSecond(syncRate),
  baseline: `Map.has ${perSecond(mapRate)}`,
  ratio: syncRate / mapRate,
  target: `> ${LOOKUP_TARGET_PER_S / 1e6} M/s`,
  met: syncRate > LOOKUP_TARGET_PER_S,
});
reportBench({
  figure: "await isModelSupported lookups/s",
  value: perSecond(asyncRate),
  baseline: `Map.has ${perSecond(mapRate)}`,
  ratio: asyncRate / mapRate,
  target: `> ${LOOKUP_TARGET_PER_S / 1e6} M/s`,
  met: asyncRate > LOOKUP_TARGET_PER_S,
});
console.log(
  `  aggregator requests for all lookups: ${server.modelListRequests()} (the cache served the rest)`,
);
