// Throughput of the name checks, against a bare `RegExp.test` of the same pattern.
// Run: pnpm --filter @mesh/names bench (after building). Loopback only; stops by itself.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { reportBench } from "@repo/bench";
import { clearRegistryCache, normalizeNodeName, validateNodeName } from "../dist/index.js";

const DURATION_MS = 700;
/** normalizeNodeName adds a type check and an alias lookup to the regex: it should keep half its speed. */
const NORMALIZE_TARGET_RATIO = 0.5;
/**
 * A cached validateNodeName is async (a promise per call) and checks its options: within 50x of
 * the bare regex. A ratio, not an absolute rate, so a loaded machine does not flip the verdict.
 */
const VALIDATE_TARGET_RATIO = 0.02;

const NAMES = [
  "lab-ovh",
  "droplet",
  "drop",
  "science-claude",
  "gpu-wsl",
  "workstation-lc",
  "ws-lc",
];
const REGISTRY = ["lab-ovh", "droplet", "science-claude", "gpu-wsl", "workstation-lc"];

function measure(label: string, run: (name: string) => unknown): number {
  let ops = 0;
  let sink = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < DURATION_MS) {
    for (let i = 0; i < 1000; i++) {
      if (run(NAMES[i % NAMES.length] as string)) sink++;
    }
    ops += 1000;
    elapsed = performance.now() - start;
  }
  const perSecond = (ops / elapsed) * 1000;
  console.log(
    `${label.padEnd(32)} ${Math.round(perSecond).toLocaleString("en-US").padStart(14)} ops/s  (sink ${sink})`,
  );
  return perSecond;
}

async function measureAsync(
  label: string,
  run: (name: string) => Promise<unknown>,
): Promise<number> {
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < DURATION_MS) {
    for (let i = 0; i < 1000; i++) await run(NAMES[i % NAMES.length] as string);
    ops += 1000;
    elapsed = performance.now() - start;
  }
  const perSecond = (ops / elapsed) * 1000;
  console.log(
    `${label.padEnd(32)} ${Math.round(perSecond).toLocaleString("en-US").padStart(14)} ops/s`,
  );
  return perSecond;
}

const server = createServer((_req, res) => {
  res
    .writeHead(200, { "content-type": "application/json" })
    .end(JSON.stringify({ peers: REGISTRY }));
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

try {
  const bare = /^[a-z][a-z0-9-]{0,62}[a-z0-9]$/;
  // Warm up the JIT on all three paths before measuring.
  measure("warm-up", (name) => bare.test(name) && normalizeNodeName(name));

  const baseline = measure("baseline: bare regex test", (name) => bare.test(name));
  const normalize = measure("normalizeNodeName", (name) => normalizeNodeName(name));
  clearRegistryCache();
  await validateNodeName("droplet", { gatewayUrl });
  const validate = await measureAsync("validateNodeName (cached)", (name) =>
    validateNodeName(name, { gatewayUrl }),
  );

  const normalizeRatio = normalize / baseline;
  const validateRatio = validate / baseline;
  console.log("");
  const rate = (perSecond: number) => `${(perSecond / 1e6).toFixed(1)} M/s`;
  reportBench({
    figure: "normalizeNodeName calls/s",
    value: rate(normalize),
    baseline: `bare regex test ${rate(baseline)}`,
    ratio: normalizeRatio,
    target: `>= ${NORMALIZE_TARGET_RATIO}x`,
    met: normalizeRatio >= NORMALIZE_TARGET_RATIO,
  });
  reportBench({
    figure: "validateNodeName (cached) calls/s",
    value: rate(validate),
    baseline: `bare regex test ${rate(baseline)}`,
    ratio: validateRatio,
    target: `>= ${VALIDATE_TARGET_RATIO}x`,
    met: validateRatio >= VALIDATE_TARGET_RATIO,
  });
} finally {
  server.closeAllConnections();
  server.close();
}
