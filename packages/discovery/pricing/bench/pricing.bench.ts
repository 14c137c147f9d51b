// Gemini pricing benchmark, loopback only. Run: pnpm --filter @discovery/pricing bench
// (after building). Figures:
//  1. reading a realistic 20-page x 500-SKU catalog from the fake Cloud Billing server
//     through fetchGeminiPricing, against fetching and JSON.parse-ing the same pages raw;
//  2. pricingForGeminiModel lookups per second on the cached catalog, against a plain
//     lowercase-and-includes scan of fetchGeminiPricing's records.

import { fetchGeminiPricing, invalidatePricing, pricingForGeminiModel } from "@discovery/pricing";
import { type FakeBillingSku, fakeBillingSku, startFakeCloudBilling } from "@discovery/testing";
import { reportBench } from "@repo/bench";

const PAGES = 20;
const PAGE_SIZE = 500;
const CATALOG_RUNS = 15;
const LOOKUPS = 20_000;
const TARGET_CATALOG_RATIO = 3; // catalog read at most 3x the raw fetch + JSON.parse time
const TARGET_LOOKUPS_PER_SECOND = 5_000;

const silent = { warn() {} };

function catalog(): FakeBillingSku[] {
  const versions = ["1.5", "2.0", "2.5", "3.0", "3.1"];
  const tiers = ["Pro", "Flash", "Flash Lite", "Flash GA", "Pro Preview"];
  const modalities = ["Text", "Image", "Audio", "Video"];
  const geminiForms = [
    (m: string, mod: string) => `Gemini ${m} ${mod} Input - Predictions`,
    (m: string, mod: string) => `Gemini ${m} ${mod} Output - Predictions`,
    (m: string, mod: string) => `Gemini ${m} ${mod} Input (Long) - Predictions`,
    (m: string, mod: string) => `Gemini ${m} ${mod} Output (Long) - Predictions`,
    (m: string, mod: string) => `Gemini ${m} ${mod} Output (Thinking On) - Predictions`,
    (m: string, _mod: string) => `Gemini ${m} Input Text Caching`,
    (m: string, mod: string) => `Gemini ${m} ${mod} Input Caching Storage`,
  ];
  const other = [
    "Vertex AI Online Prediction n1-standard-4 running in Americas",
    "Imagen 4 Image Generation - Predictions",
    "Text Embedding 005 Input Characters",
    "Vertex AI Custom Training a2-highgpu-1g running in EMEA",
    "Vertex AI Pipelines Run",
  ];
  const skus: FakeBillingSku[] = [];
  for (let i = 0; skus.length < PAGES * PAGE_SIZE; i++) {
    const id = `B${String(i).padStart(3, "0").slice(-3)}-${(i * 7919).toString(16).toUpperCase().padStart(4, "0").slice(-4)}-${String(i).padStart(4, "0")}`;
    // About one SKU in five is a Gemini token SKU, as in Vertex AI's catalog.
    if (i % 5 === 0) {
      const model = `${versions[i % versions.length]} ${tiers[(i >> 2) % tiers.length]}`;
      const form = geminiForms[(i >> 3) % geminiForms.length] ?? geminiForms[0]!;
      const description = form(model, modalities[(i >> 5) % modalities.length] ?? "Text");
      const rates =
        i % 45 === 0
          ? [{ usdPerMillion: 1.25 }, { startUsageAmount: 1e9, usdPerMillion: 1 }]
          : [{ usdPerMillion: 0.1 + (i % 97) / 10 }];
      skus.push(fakeBillingSku(id, description, i % 97 === 0 ? null : rates));
    } else {
      skus.push(
        fakeBillingSku(id, `${other[i % other.length]} ${i}`, [{ usdPerMillion: i % 13 }], {
          usageUnit: "h",
        }),
      );
    }
  }
  return skus;
}

async function rawPages(url: string, key: string): Promise<number> {
  let token = "";
  let skus = 0;
  for (let page = 0; page < PAGES; page++) {
    const query = new URLSearchParams({ key, pageSize: String(PAGE_SIZE) });
    if (token !== "") query.set("pageToken", token);
    const response = await fetch(`${url}/v1/services/241C-273D-49C8/skus?${query}`);
    const body = JSON.parse(await response.text()) as { skus: unknown[]; nextPageToken: string };
    skus += body.skus.length;
    token = body.nextPageToken;
    if (token === "") break;
  }
  return skus;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const server = await startFakeCloudBilling({ skus: catalog() });
try {
  const options = { baseUrl: server.url, apiKey: server.apiKey, logger: silent };

  // 1. Whole-catalog read.
  const ours: number[] = [];
  const raw: number[] = [];
  let records = 0;
  for (let run = -2; run < CATALOG_RUNS; run++) {
    let start = performance.now();
    records = (await fetchGeminiPricing({ ...options, ttlSeconds: 0 })).length;
    const oursMs = performance.now() - start;
    start = performance.now();
    const rawSkus = await rawPages(server.url, server.apiKey);
    const rawMs = performance.now() - start;
    if (rawSkus !== PAGES * PAGE_SIZE) throw new Error(`raw read saw ${rawSkus} SKUs`);
    if (run >= 0) {
      ours.push(oursMs);
      raw.push(rawMs);
    }
  }
  const requestsPerRead = server.requests.length / (2 * (CATALOG_RUNS + 2));
  const catalogRatio = median(ours) / median(raw);
  console.log(
    `catalog read: ${PAGES} pages x ${PAGE_SIZE} SKUs, ${requestsPerRead} requests/read, ${records} Gemini records`,
  );
  reportBench({
    figure: "Gemini pricing catalog read, median",
    value: `${median(ours).toFixed(1)} ms`,
    baseline: `raw fetch + JSON.parse ${median(raw).toFixed(1)} ms`,
    ratio: catalogRatio,
    target: `<= ${TARGET_CATALOG_RATIO}x`,
    met: catalogRatio <= TARGET_CATALOG_RATIO,
  });

  // 2. Lookups on the cached catalog.
  invalidatePricing("gemini");
  const cached = await fetchGeminiPricing(options);
  const hints = [
    "gemini 2.5 pro",
    "Gemini 3.0 Flash",
    "gemini 3.1 pro preview text",
    "gemini 9 ultra",
    "1.5 flash lite",
  ];
  const lookupOptions = [
    { ...options, direction: "input" as const },
    { ...options, direction: "output" as const, tierThresholdTokens: 128_000 },
  ];
  let found = 0;
  let start = performance.now();
  for (let i = 0; i < LOOKUPS; i++) {
    const price = await pricingForGeminiModel(hints[i % hints.length] ?? "", lookupOptions[i % 2]);
    if (price !== null) found++;
  }
  const oursPerSecond = LOOKUPS / ((performance.now() - start) / 1000);

  let baselineFound = 0;
  start = performance.now();
  for (let i = 0; i < LOOKUPS; i++) {
    const wanted = (hints[i % hints.length] ?? "").toLowerCase();
    const input = i % 2 === 0;
    const tier = input ? 0 : 128_000;
    const hit = cached.find(
      (r) =>
        r.tierThresholdTokens === tier &&
        r.modelHint.toLowerCase().includes(wanted) &&
        (input ? r.inputPerMtok : r.outputPerMtok) !== null,
    );
    if (hit) baselineFound++;
  }
  const baselinePerSecond = LOOKUPS / ((performance.now() - start) / 1000);
  if (found !== baselineFound) throw new Error(`lookups disagree: ${found} vs ${baselineFound}`);
  const perSecond = (rate: number) => `${Math.round(rate).toLocaleString("en-US")}/s`;
  reportBench({
    figure: `pricingForGeminiModel lookups/s, cached catalog of ${cached.length} records`,
    value: perSecond(oursPerSecond),
    baseline: `plain scan ${perSecond(baselinePerSecond)}`,
    ratio: oursPerSecond / baselinePerSecond,
    target: `>= ${perSecond(TARGET_LOOKUPS_PER_SECOND)}`,
    met: oursPerSecond >= TARGET_LOOKUPS_PER_SECOND,
  });
} finally {
  invalidatePricing();
  await server.close();
}
