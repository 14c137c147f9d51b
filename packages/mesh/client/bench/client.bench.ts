// Per-call overhead of MeshClient.send and MeshClient.fetch against a real in-process gateway,
// next to a raw `fetch` of the same request in the same run. Target: within 1.3x of raw.
// Run: pnpm --filter @mesh/client bench (after building the package and its dependencies).

import { randomUUID } from "node:crypto";
import { startGateway } from "@mesh/gateway";
import { reportBench } from "@repo/bench";
import { MeshClient } from "../dist/index.js";

const TARGET_RATIO = 1.3;
const WARMUP_CALLS = 200;
const CALLS = 2000;
const ADMIN_TOKEN = "bench-admin-token-0123456789abcdef";

const gateway = await startGateway({
  port: 0,
  database: ":memory:",
  adminToken: ADMIN_TOKEN,
  logger: false,
  // Peer tokens make thousands of calls a minute here: the limiter would refuse them.
  rateLimitPerMinute: 0,
});
const senderToken = await gateway.issueToken("lab-ovh");
const readerToken = await gateway.issueToken("droplet");
const sender = new MeshClient({ node: "lab-ovh", gatewayUrl: gateway.url, token: senderToken });
const reader = new MeshClient({ node: "droplet", gatewayUrl: gateway.url, token: readerToken });
await sender.register();
await reader.register();

const content = "build 4711 finished: 312 tests passed, artifacts uploaded to the usual place";

function rawSend(): Promise<unknown> {
  return globalThis
    .fetch(`${gateway.url}/messages`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${senderToken}`,
        "content-type": "application/json",
        accept: "application/json",
        // The client sends one with every send; the gateway's work for it is not client overhead.
        "idempotency-key": randomUUID(),
      },
      body: JSON.stringify({ from_node: "lab-ovh", to_node: "droplet", kind: "fyi", content }),
    })
    .then((response) => response.json());
}

function rawFetch(): Promise<unknown> {
  return globalThis
    .fetch(`${gateway.url}/messages?to=droplet&limit=20`, {
      headers: { authorization: `Bearer ${readerToken}` },
    })
    .then((response) => response.json());
}

const cases = {
  "send (client)": () => sender.send({ to: "droplet", kind: "fyi", content }),
  "send (raw fetch)": rawSend,
  "fetch (client)": () => reader.fetch({ limit: 20 }),
  "fetch (raw fetch)": rawFetch,
};
type CaseName = keyof typeof cases;

async function timeCall(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const entries = Object.entries(cases) as [CaseName, () => Promise<unknown>][];

// Warm-up: connections, JIT and the client's registry cache.
for (let i = 0; i < WARMUP_CALLS; i++) {
  for (const [, run] of entries) await run();
}

// Calls of all cases alternate one by one, each timed alone, in a new shuffled order every
// round: the median per case then shrugs off load spikes from other processes and inbox growth,
// and no case always follows the same one (what a call leaves behind, such as the gateway's
// deferred work, would otherwise always land on the same next case).
let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const samples = new Map<CaseName, number[]>(entries.map(([name]) => [name, []]));
for (let i = 0; i < CALLS; i++) {
  const order = [...entries];
  for (let j = order.length - 1; j > 0; j--) {
    const k = Math.floor(random() * (j + 1));
    [order[j], order[k]] = [order[k]!, order[j]!];
  }
  for (const [name, run] of order) samples.get(name)?.push(await timeCall(run));
}

await sender.close();
await reader.close();
await gateway.close();

const perCall = (name: CaseName) => median(samples.get(name) ?? []);
console.log(
  `@mesh/client per-call time, median of ${CALLS} calls per case, loopback, in-process gateway`,
);
for (const op of ["send", "fetch"] as const) {
  const client = perCall(`${op} (client)`);
  const raw = perCall(`${op} (raw fetch)`);
  reportBench({
    figure: `@mesh/client ${op}, median per call`,
    value: `${client.toFixed(1)} µs`,
    baseline: `raw fetch ${raw.toFixed(1)} µs`,
    ratio: client / raw,
    target: `<= ${TARGET_RATIO}x`,
    met: client / raw <= TARGET_RATIO,
  });
}
