import { MeshClient, type Message } from "@mesh/client";
import { startGateway } from "@mesh/gateway";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, errorText, type McpSession, startMcp, structured } from "./mcp-harness.js";

// Two agents, each with its own `mesh-mcp` process, driven by the SDK's client as an agent host
// drives them, against a real gateway on loopback: one asks, one answers, the asker's server
// restarts in between, and calls are repeated as a model repeats a call that timed out.

const ADMIN_TOKEN = "admin-token-for-the-two-agent-test-0123";
type Page = { messages: Message[]; has_more: boolean };
type Sent = { message: Message; repeated: boolean };

let gateway: Awaited<ReturnType<typeof startGateway>>;
let admin: MeshClient;
const tokens: Record<string, string> = {};
const sessions: McpSession[] = [];

/** A `mesh-mcp` process for `node`, once it has registered itself. */
async function agent(node: string): Promise<McpSession> {
  const session = await startMcp({
    MESH_NODE: node,
    MESH_GATEWAY_URL: gateway.url,
    MESH_GATEWAY_TOKEN: tokens[node] ?? "",
  });
  sessions.push(session);
  await vi.waitFor(() => expect(session.stderr()).toMatch(`registered peer '${node}'`), {
    timeout: 10_000,
  });
  return session;
}

/** Every message the gateway holds, read with the admin token. */
async function everyMessage(): Promise<Message[]> {
  const rows: Message[] = [];
  for (const node of ["lab-ovh", "droplet"])
    rows.push(...(await admin.fetch({ toNode: node, limit: 1000 })));
  return rows.sort((a, b) => a.id - b.id);
}

beforeAll(async () => {
  gateway = await startGateway({
    port: 0,
    database: ":memory:",
    adminToken: ADMIN_TOKEN,
    logger: false,
  });
  admin = new MeshClient({ node: "gpu-wsl", gatewayUrl: gateway.url, token: ADMIN_TOKEN });
  for (const node of ["lab-ovh", "droplet"]) tokens[node] = await gateway.issueToken(node);
});

afterAll(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  await admin?.close();
  await gateway?.close();
});

describe("two agents over mesh-mcp", () => {
  it("ask, restart, answer and repeated calls: no message lost, none duplicated", async () => {
    const [first, answerer] = await Promise.all([agent("lab-ovh"), agent("droplet")]);
    const question = {
      to: "droplet",
      kind: "question",
      content: "Which node has a free GPU?\nI need it for an hour.",
      thread_id: "gpu-1",
      idempotency_key: "lab-ovh-asks-gpu-1",
    };
    // The host gives up on the first call before its answer (as after a model's timeout)...
    await expect(
      first.client.callTool({ name: "send_message", arguments: question }, undefined, {
        timeout: 1,
      }),
    ).rejects.toThrow(/timed out/i);
    // ...and the model repeats it once the server is back in reach.
    await vi.waitFor(async () => expect(await everyMessage()).toHaveLength(1));
    const asked = await structured<Sent>(first, "send_message", question);

    const received = await structured<Page>(answerer, "wait_for_messages", {});
    expect(received.messages.map((m) => m.id)).toEqual([asked.message.id]);
    expect(errorText(await call(answerer, "check_inbox", {}))).toMatch(
      new RegExp(
        `^1 unread message:\\n#${asked.message.id} from lab-ovh \\(question, thread gpu-1, unread\\): Which node has a free GPU\\?\\n`,
      ),
    );
    // The asker sees its question's receipts: picked up by the answerer's own session.
    const receiptOf = async (session: McpSession) => {
      const thread = await structured<Page>(session, "get_thread", { thread_id: "gpu-1" });
      return thread.messages.find((m) => m.id === asked.message.id)?.state;
    };
    const seen = [await receiptOf(first)];

    // The asker's server goes away; its model asks again after the restart, with its key.
    await first.close();
    const asker = await agent("lab-ovh");
    const again = await structured<Sent>(asker, "send_message", question);
    expect(again.message.id).toBe(asked.message.id);
    expect(again.message.state).toBe("delivered");
    await structured(answerer, "mark_read", { ids: [asked.message.id] });
    seen.push(await receiptOf(asker));

    const answer = {
      to: "lab-ovh",
      kind: "answer",
      content: "gpu-wsl, free since 10:00",
      thread_id: "gpu-1",
    };
    const answered = await structured<Sent>(answerer, "send_message", answer);
    // A repeat of the answer without a key: the derived key returns the first message.
    const repeated = await structured<Sent>(answerer, "send_message", answer);
    expect(repeated).toEqual({ message: answered.message, repeated: true });
    seen.push(await receiptOf(asker));
    expect(seen).toEqual(["delivered", "read", "answered"]);
    expect(errorText(await call(asker, "get_thread", { thread_id: "gpu-1" }))).toContain(
      "state answered",
    );

    const got = await structured<Page>(asker, "wait_for_messages", {});
    expect(got.messages).toMatchObject([
      { id: answered.message.id, from_node: "droplet", kind: "answer", thread_id: "gpu-1" },
    ]);
    expect(await structured<Page>(asker, "wait_for_messages", { timeout_seconds: 1 })).toEqual({
      messages: [],
      has_more: false,
    });

    // After the restart, the asker's thread comes from the gateway: both halves, oldest first.
    const thread = await structured<Page>(asker, "get_thread", { thread_id: "gpu-1" });
    expect(thread.messages.map((m) => m.id)).toEqual([asked.message.id, answered.message.id]);

    const all = await everyMessage();
    expect(all.map((m) => [m.from_node, m.kind, m.content])).toEqual([
      ["lab-ovh", "question", question.content],
      ["droplet", "answer", answer.content],
    ]);
  });
});
