// Runs one README example (the file named by argv[2]) as a reader would, with what it needs
// started here on loopback: a gateway on port 0 with two peers, and the fake vendor servers of
// @discovery/testing. Vendor and gateway addresses the example uses as written (the packages'
// defaults, `http://localhost:8788`) are sent to those servers, and the credentials a reader
// would have in the environment are the fakes' keys. Exits 1 on any error the example throws.
import { pathToFileURL } from "node:url";

const realFetch = globalThis.fetch;
const routes: Array<[from: string, to: string]> = [];

// The vendor clients never throw, so a request that escaped to the internet would pass unseen:
// it is refused here, and it fails the run at the end.
const escaped = new Set<string>();

/** The loopback address for a URL the example wrote; throws for any address beyond loopback. */
function reroute(url: string): string {
  const route = routes.find(([from]) => url === from || url.startsWith(`${from}/`));
  const target = new URL(route === undefined ? url : route[1] + url.slice(route[0].length));
  if (!["127.0.0.1", "localhost", "[::1]"].includes(target.hostname)) {
    escaped.add(target.origin);
    throw new TypeError(`${target.origin} is not served by the README example test`);
  }
  return target.href;
}

// Installed before any package is loaded, so that every client sees it.
globalThis.fetch = (input, init) => {
  if (typeof input === "string" || input instanceof URL) {
    return realFetch(reroute(String(input)), init);
  }
  return realFetch(new Request(reroute(input.url), input), init);
};

const ADMIN_TOKEN = "docs-admin-token-0123456789";
const testing = await import("@discovery/testing");
const { startGateway } = await import("@mesh/gateway");

const vendors = await testing.startFakeOpenAIModels();
const servers = {
  aimlapi: await testing.startFakeAimlapi(),
  vendors,
  deepseek: await testing.startFakeDeepSeekBalance({ apiKey: vendors.keys.deepseek }),
  openaiCosts: await testing.startFakeOpenAICosts(),
  xaiUsage: await testing.startFakeXaiUsage(),
  cloudBilling: await testing.startFakeCloudBilling(),
};
const gateway = await startGateway({
  port: 0,
  database: ":memory:",
  adminToken: ADMIN_TOKEN,
  logger: false,
});
// The peers the examples name, registered through the HTTP API as any admin would.
for (const name of ["lab-ovh", "droplet"]) {
  const response = await realFetch(`${gateway.url}/peers/register`, {
    method: "POST",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw new Error(`registering ${name}: HTTP ${response.status}`);
}

// Longest prefix first: a vendor's costs and its model list live on different fakes.
routes.push(
  [
    "https://api.openai.com/v1/organization/costs",
    `${servers.openaiCosts.url}/v1/organization/costs`,
  ],
  ["https://api.openai.com/v1", vendors.baseUrls.openai],
  ["https://api.deepseek.com/user/balance", `${servers.deepseek.url}/user/balance`],
  ["https://api.deepseek.com", vendors.baseUrls.deepseek],
  ["https://api.x.ai/v1", vendors.baseUrls.xai],
  ["https://management-api.x.ai", servers.xaiUsage.url],
  ["https://api.aimlapi.com", servers.aimlapi.url],
  ["https://cloudbilling.googleapis.com", servers.cloudBilling.url],
  ["http://localhost:8788", gateway.url],
  ["http://127.0.0.1:8788", gateway.url],
);
Object.assign(process.env, {
  MESH_GATEWAY_URL: gateway.url,
  MESH_GATEWAY_TOKEN: ADMIN_TOKEN,
  OPENAI_API_KEY: vendors.keys.openai,
  DEEPSEEK_API_KEY: vendors.keys.deepseek,
  XAI_API_KEY: vendors.keys.xai,
  OPENAI_ADMIN_KEY: "sk-admin-fake-openai-key",
  XAI_MANAGEMENT_KEY: "fake-xai-management-key",
  XAI_TEAM_ID: "team-fake-0001",
  GOOGLE_CLOUD_BILLING_API_KEY: "fake-cloud-billing-key",
});

// The example sees the argv of `node example.ts`, with no arguments of its own.
const example = process.argv[2]!;
process.argv.splice(1, 2, example);
try {
  await import(pathToFileURL(example).href);
} finally {
  await gateway.close();
  await Promise.all(Object.values(servers).map((server) => server.close()));
}
if (escaped.size > 0) {
  console.error(`the example reached beyond loopback: ${[...escaped].join(", ")}`);
  process.exitCode = 1;
}
// An example may leave a handle open on purpose (an MCP server on stdin): it has run.
process.exit(process.exitCode ?? 0);
