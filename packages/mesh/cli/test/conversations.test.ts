import { MeshClient } from "@mesh/client";
import { type RunningGateway, startGateway } from "@mesh/gateway";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, runCli } from "./run-cli.js";

const ADMIN_TOKEN = "admin-token-for-mesh-cli-conversations-01";

let gateway: RunningGateway;
const tokens: Record<string, string> = {};

function env(node: string) {
  return baseEnv({
    MESH_GATEWAY_URL: gateway.url,
    MESH_GATEWAY_TOKEN: tokens[node]!,
    MESH_NODE: node,
  });
}

const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

beforeAll(async () => {
  gateway = await startGateway({
    port: 0,
    database: ":memory:",
    adminToken: ADMIN_TOKEN,
    logger: false,
  });
  for (const node of ["ana", "bo", "cy"]) {
    tokens[node] = await gateway.issueToken(node);
    const client = new MeshClient({ node, gatewayUrl: gateway.url, token: tokens[node] });
    await client.register();
    await client.close();
  }
  const ana = new MeshClient({ node: "ana", gatewayUrl: gateway.url, token: tokens["ana"] });
  const bo = new MeshClient({ node: "bo", gatewayUrl: gateway.url, token: tokens["bo"] });
  await ana.send({
    to: "bo",
    kind: "question",
    content: "Can you review PR 12?",
    threadId: "pr-12",
  });
  await bo.send({ to: "ana", kind: "answer", content: "reviewed, two nits", threadId: "pr-12" });
  // 105 unread for cy: a full first page and 5 more.
  for (let index = 0; index < 105; index++) {
    await ana.send({ to: "cy", kind: "status", content: `tick ${index}` });
  }
  await Promise.all([ana.close(), bo.close()]);
}, 60_000);

afterAll(async () => {
  await gateway?.close();
});

describe("mesh conversations", () => {
  it("prints a whole thread, both directions", async () => {
    const run = await runCli(["thread", "pr-12"], { env: env("ana") });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("    Can you review PR 12?");
    expect(run.stdout).toContain("    reviewed, two nits");
    const asJson = await runCli(["thread", "pr-12", "--json"], { env: env("bo") });
    expect((json(asJson.stdout)["messages"] as unknown[]).length).toBe(2);
  });

  it("lists threads with unread counts", async () => {
    const run = await runCli(["threads", "--json"], { env: env("bo") });
    expect(run.code).toBe(0);
    expect(json(run.stdout)["threads"]).toEqual([
      expect.objectContaining({ thread_id: "pr-12", peers: ["ana", "bo"], unread: 1 }),
    ]);
    const table = await runCli(["threads"], { env: env("bo") });
    expect(table.stdout).toMatch(/pr-12\s+ana, bo\s+2\s+1/);
  });

  it("lists what was sent and finds messages by words", async () => {
    const sent = await runCli(["sent", "--json", "--limit", "2"], { env: env("ana") });
    expect(sent.code).toBe(0);
    expect((json(sent.stdout)["messages"] as { content: string }[]).map((m) => m.content)).toEqual([
      "Can you review PR 12?",
      "tick 0",
    ]);
    const found = await runCli(["search", "REVIEW", "--json"], { env: env("bo") });
    expect((json(found.stdout)["messages"] as { content: string }[]).map((m) => m.content)).toEqual(
      ["Can you review PR 12?", "reviewed, two nits"],
    );
    const none = await runCli(["search", "?!"], { env: env("bo") });
    expect(none.code).toBe(2);
  });

  it("shows receipts: the state of what was sent, in mesh sent and mesh thread", async () => {
    const table = await runCli(["sent", "--limit", "2"], { env: env("ana") });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/\bSTATE\b/);
    expect(table.stdout).toMatch(/answered\s+pr-12\s+Can you review PR 12\?/);
    expect(table.stdout).toMatch(/\bsent\s+-\s+tick 0/);
    const waiting = await runCli(["sent", "--state", "sent", "--json", "--limit", "1"], {
      env: env("ana"),
    });
    expect(json(waiting.stdout)["messages"]).toEqual([
      expect.objectContaining({ content: "tick 0", state: "sent", delivered_at: null }),
    ]);
    const thread = await runCli(["thread", "pr-12"], { env: env("ana") });
    expect(thread.stdout).toMatch(/thread pr-12, answered/);
    // What ana received in the thread reads as read or unread, never as a sender's receipt.
    expect(thread.stdout).toMatch(/bo -> ana\s+answer\s+.*thread pr-12, (read|unread)\n/);
  });

  it("sends a question with --reply-by, and refuses one in the past", async () => {
    const replyBy = new Date(Date.now() + 3_600_000).toISOString();
    const asked = await runCli(
      ["send", "bo", "question", "by tonight?", "--reply-by", replyBy, "--json"],
      { env: env("ana") },
    );
    expect(asked.code).toBe(0);
    expect(json(asked.stdout)["message"]).toMatchObject({ reply_by: replyBy, state: "sent" });
    const late = await runCli(
      ["send", "bo", "question", "yesterday?", "--reply-by", "2020-01-01T00:00:00Z"],
      { env: env("ana") },
    );
    expect(late.code).toBe(1);
    expect(late.stderr).toContain("invalid_body");
  });

  it("says how many more messages follow a full inbox page, and how to read them", async () => {
    const first = await runCli(["inbox", "--unread"], { env: env("cy") });
    expect(first.code).toBe(0);
    const line = /^(\d+) more: mesh inbox --after (\d+) --unread$/m.exec(first.stdout);
    expect(line?.[1]).toBe("5");
    const rest = await runCli(["inbox", "--unread", "--after", line![2]!, "--json"], {
      env: env("cy"),
    });
    expect((json(rest.stdout)["messages"] as { content: string }[]).map((m) => m.content)).toEqual([
      "tick 100",
      "tick 101",
      "tick 102",
      "tick 103",
      "tick 104",
    ]);
    const all = await runCli(["inbox", "--unread", "--all", "--limit", "40", "--json"], {
      env: env("cy"),
    });
    expect((json(all.stdout)["messages"] as unknown[]).length).toBe(105);
    expect(json(all.stdout)["more"]).toBeUndefined();
  });

  it("exits 1 when the gateway itself refuses a message", async () => {
    // Disabled by the admin: the registry still lists it, so the request reaches the gateway.
    const disabled = await fetch(`${gateway.url}/peers/cy`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ enabled: false }),
    });
    expect(disabled.status).toBe(200);
    const refused = await runCli(["send", "cy", "fyi", "are you there?"], { env: env("ana") });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("recipient_disabled");
    // The gateway refuses a live peer token even when the client's own check is skipped.
    const leak = await runCli(
      ["send", "bo", "fyi", `cy's token is ${tokens["cy"]}`, "--skip-secret-check"],
      { env: env("ana") },
    );
    expect(leak.code).toBe(1);
    expect(leak.stderr).toContain("secret_detected");
    expect(leak.stderr + leak.stdout).not.toContain(tokens["cy"]!);
  });
});
