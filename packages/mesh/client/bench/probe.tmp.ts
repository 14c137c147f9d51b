import { startGateway } from "@mesh/gateway";
import { Agent } from "undici";
import { createFetch } from "ofetch";
import { MeshClient } from "../dist/index.js";
const gateway = await startGateway({ port: 0, database: ":memory:", adminToken: "bench-admin-token-0123456789abcdef", logger: false });
const tok = await gateway.issueToken("droplet");
const lt = await gateway.issueToken("lab-ovh");
const lab = new MeshClient({ node: "lab-ovh", gatewayUrl: gateway.url, token: lt });
const client = new MeshClient({ node: "droplet", gatewayUrl: gateway.url, token: tok });
await lab.register(); await client.register();
for (let i = 0; i < 25; i++) await lab.send({ to: "droplet", kind: "fyi", content: "build 4711 finished: 312 tests passed, artifacts uploaded" });
const url = `${gateway.url}/messages?to=droplet&limit=20`;
const agent = new Agent({ keepAliveTimeout: 30000 });
const h = { authorization: `Bearer ${tok}` };
const of = createFetch({ fetch: (a, b) => globalThis.fetch(a, b) }).create({ baseURL: gateway.url, retry: false, ignoreResponseError: true, responseType: "text", headers: h, dispatcher: agent } as never);
const of2 = createFetch({ fetch: (a, b) => globalThis.fetch(a, b) }).create({ retry: false, ignoreResponseError: true, responseType: "text", headers: h, dispatcher: agent } as never);
const cases: Record<string, () => Promise<unknown>> = {
  raw: () => fetch(url, { headers: h }).then((r) => r.json()),
  ofetchRaw: () => of.raw("/messages", { method: "GET", query: { to: "droplet", limit: "20" }, signal: AbortSignal.timeout(10000) }).then((r) => JSON.parse(r._data as string)),
  ofetchFullUrl: () => of2.raw(`${gateway.url}/messages?${new URLSearchParams({ to: "droplet", limit: "20" })}`, { method: "GET", signal: AbortSignal.timeout(10000) }).then((r) => JSON.parse(r._data as string)),
  ofetchFullUrlNoSig: () => of2.raw(`${gateway.url}/messages?${new URLSearchParams({ to: "droplet", limit: "20" })}`, { method: "GET" }).then((r) => JSON.parse(r._data as string)),
  client: () => client.fetch({ limit: 20 }),
};
const entries = Object.entries(cases);
const samples: Record<string, number[]> = {};
for (let i = 0; i < 300; i++) for (const [, r] of entries) await r();
for (let i = 0; i < 2000; i++) for (let j = 0; j < entries.length; j++) {
  const [n, r] = entries[(i + j) % entries.length]!;
  const s = process.hrtime.bigint(); await r(); (samples[n] ??= []).push(Number(process.hrtime.bigint() - s) / 1000);
}
for (const [n, v] of Object.entries(samples)) { v.sort((a, b) => a - b); console.log(n.padEnd(20), v[v.length >> 1]!.toFixed(1)); }
await agent.close(); await client.close(); await lab.close(); await gateway.close();
