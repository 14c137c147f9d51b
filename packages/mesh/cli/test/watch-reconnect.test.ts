import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MeshClient } from "@mesh/client";
import { type RunningGateway, startGateway } from "@mesh/gateway";
import { afterEach, beforeEach, expect, it } from "vitest";
import { baseEnv, collect, startCli, waitFor } from "./run-cli.js";

const ADMIN_TOKEN = "admin-token-for-watch-tests-0123456789";
/** Longer than the four seconds after which `mesh watch` used to give up on a stopped gateway. */
const OUTAGE_MS = 5000;

let dir: string;
let gateway: RunningGateway;

const start = (port = 0) =>
  startGateway({
    port,
    database: join(dir, "gateway.db"),
    adminToken: ADMIN_TOKEN,
    logger: false,
  });

async function sendTo(node: string, content: string) {
  const sender = new MeshClient({ node: "lab-ovh", gatewayUrl: gateway.url, token: ADMIN_TOKEN });
  try {
    return await sender.send({ to: node, kind: "fyi", content });
  } finally {
    await sender.close();
  }
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "mesh-watch-test-"));
  gateway = await start();
  for (const name of ["droplet", "lab-ovh"]) {
    await fetch(`${gateway.url}/peers/register`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
  }
});

afterEach(async () => {
  await gateway.close();
  rmSync(dir, { recursive: true, force: true });
});

it("keeps watching through a gateway restart and prints what arrived meanwhile, once", async () => {
  const token = await gateway.issueToken("droplet");
  const env = baseEnv({
    MESH_NODE: "droplet",
    MESH_GATEWAY_URL: gateway.url,
    MESH_GATEWAY_TOKEN: token,
  });
  const child = startCli(["watch", "--json"], env);
  const done = collect(child);
  await waitFor(child.stderr, /watching the inbox of droplet/);
  const first = waitFor(child.stdout, /"before"/);
  await sendTo("droplet", "before");
  await first;

  const port = gateway.port;
  const lost = waitFor(child.stderr, /lost the mesh gateway/);
  await gateway.close();
  await lost;
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
  expect(child.exitCode).toBeNull();
  const back = waitFor(child.stderr, /is back/);
  gateway = await start(port);
  await back;
  const after = waitFor(child.stdout, /"after"/);
  await sendTo("droplet", "after");
  await after;

  child.kill("SIGINT");
  const run = await done;
  expect(run.code).toBe(0);
  // One line when the gateway went away (not one per failed reconnect), one when it came back.
  const url = `http://127.0.0.1:${port}`;
  expect(run.stderr.split("\n").slice(1, 3)).toEqual([
    expect.stringMatching(
      new RegExp(
        `^mesh: lost the mesh gateway at ${url} \\(.+\\); reconnecting until it is back, Ctrl-C stops$`,
      ),
    ),
    `mesh: the mesh gateway at ${url} is back; watching the inbox of droplet`,
  ]);
  expect(run.stderr.match(/lost the mesh gateway/g)).toHaveLength(1);
  const contents = run.stdout
    .trim()
    .split("\n")
    .map((line) => (JSON.parse(line) as { content: string }).content);
  expect(contents).toEqual(["before", "after"]);
}, 30_000);

it("waits for a gateway that is down when the watch starts, then prints what arrives", async () => {
  const token = await gateway.issueToken("droplet");
  const port = gateway.port;
  const url = gateway.url;
  await gateway.close();
  const child = startCli(
    ["watch", "--json"],
    baseEnv({ MESH_NODE: "droplet", MESH_GATEWAY_URL: url, MESH_GATEWAY_TOKEN: token }),
  );
  const done = collect(child);
  await waitFor(child.stderr, /lost the mesh gateway/);
  expect(child.exitCode).toBeNull();
  const back = waitFor(child.stderr, /is back/);
  gateway = await start(port);
  await back;
  const arrived = waitFor(child.stdout, /"after start"/);
  await sendTo("droplet", "after start");
  await arrived;
  child.kill("SIGINT");
  const run = await done;
  expect(run.code).toBe(0);
  expect(run.stderr.match(/lost the mesh gateway/g)).toHaveLength(1);
}, 30_000);

it("ends with exit 1 when the gateway refuses the token, instead of retrying", async () => {
  const child = startCli(
    ["watch"],
    baseEnv({ MESH_NODE: "droplet", MESH_GATEWAY_URL: gateway.url, MESH_GATEWAY_TOKEN: "wrong" }),
  );
  const run = await collect(child);
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(/MESH_GATEWAY_TOKEN/);
}, 30_000);
