import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { DM_KINDS, MeshClient, type Message } from "@mesh/client";
import { startGateway } from "@mesh/gateway";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, errorText, type McpSession, startMcp, structured } from "./mcp-harness.js";

const ADMIN_TOKEN = "admin-token-for-mcp-tests-0123456789";
const TOOLS = [
  "list_peers",
  "send_message",
  "check_inbox",
  "mark_read",
  "wait_for_messages",
  "get_thread",
  "list_threads",
  "search_messages",
  "register",
];

type Gateway = Awaited<ReturnType<typeof startGateway>>;

let gateway: Gateway;
let admin: MeshClient;
let labToken: string;
let dropletToken: string;
let lab: McpSession;
let droplet: McpSession;
const sessions: McpSession[] = [];

async function session(
  env: Record<string, string>,
  args: readonly string[] = [],
): Promise<McpSession> {
  const started = await startMcp(env, args);
  sessions.push(started);
  return started;
}

function peerEnv(node: string, token: string): Record<string, string> {
  return { MESH_NODE: node, MESH_GATEWAY_URL: gateway.url, MESH_GATEWAY_TOKEN: token };
}

/** Every message addressed to `node`, read with the admin token. */
function inboxOf(node: string): Promise<Message[]> {
  return admin.fetch({ toNode: node, limit: 1000 });
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  gateway = await startGateway({
    port: 0,
    database: ":memory:",
    adminToken: ADMIN_TOKEN,
    logger: false,
  });
  admin = new MeshClient({ node: "gpu-wsl", gatewayUrl: gateway.url, token: ADMIN_TOKEN });
  labToken = await gateway.issueToken("lab-ovh");
  dropletToken = await gateway.issueToken("droplet");
  for (const [node, token] of [
    ["lab-ovh", labToken],
    ["droplet", dropletToken],
  ] as const) {
    const client = new MeshClient({ node, gatewayUrl: gateway.url, token });
    await client.register();
    await client.close();
  }
  [lab, droplet] = await Promise.all([
    session(peerEnv("lab-ovh", labToken)),
    session(peerEnv("droplet", dropletToken)),
  ]);
});

afterAll(async () => {
  await Promise.all(sessions.map((started) => started.close()));
  await admin?.close();
  await gateway?.close();
});

describe("mesh-mcp over stdio against a real gateway", () => {
  it("lists the tools with input and output schemas and annotations", async () => {
    const { tools } = await lab.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.description).toBeTruthy();
      for (const hint of ["readOnlyHint", "idempotentHint", "destructiveHint"] as const) {
        expect(typeof tool.annotations?.[hint]).toBe("boolean");
      }
    }
    const send = tools.find((tool) => tool.name === "send_message");
    expect(send?.inputSchema.required).toEqual(["to", "kind", "content"]);
    expect(send?.inputSchema.properties?.["kind"]).toMatchObject({ enum: [...DM_KINDS] });
    expect(send?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    const readOnly = tools.filter((tool) => tool.annotations?.readOnlyHint).map((t) => t.name);
    expect(readOnly).toEqual([
      "list_peers",
      "check_inbox",
      "wait_for_messages",
      "get_thread",
      "list_threads",
      "search_messages",
    ]);
  });

  it("answers a tool call and a resource read that come before any tools/list", async () => {
    const sent = await call(lab, "send_message", { to: "droplet", kind: "fyi", content: "first" });
    const { id } = (sent.structuredContent as { message: Message }).message;
    const reader = await session(peerEnv("droplet", dropletToken));
    const read = await reader.client.readResource({ uri: "mesh://inbox" });
    expect(read.contents[0]).toMatchObject({ uri: "mesh://inbox", mimeType: "application/json" });
    const caller = await session(peerEnv("droplet", dropletToken));
    const inbox = await call(caller, "check_inbox", { after_id: id - 1 });
    expect(inbox.isError).toBeFalsy();
    expect(inbox.structuredContent).toMatchObject({ messages: [{ id, content: "first" }] });
    expect(await call(caller, "mark_read", { ids: [id] })).toMatchObject({
      structuredContent: { marked: [id], notFound: [] },
    });
  });

  it("lets two agents exchange a question and an answer in a thread", async () => {
    const asked = await call(lab, "send_message", {
      to: "droplet",
      kind: "question",
      content: "which node has the GPU?",
      thread_id: "gpu-question",
    });
    expect(asked.isError).toBeFalsy();
    const question = (asked.structuredContent as { message: Message }).message;
    expect(question).toMatchObject({ from_node: "lab-ovh", to_node: "droplet", kind: "question" });

    const waited = await call(droplet, "wait_for_messages", { timeout_seconds: 30 });
    const received = (waited.structuredContent as { messages: Message[] }).messages;
    expect(received).toMatchObject([
      { id: question.id, content: "which node has the GPU?", thread_id: "gpu-question" },
    ]);

    await call(droplet, "send_message", {
      to: "lab-ovh",
      kind: "answer",
      content: "gpu-wsl has it",
      thread_id: "gpu-question",
    });
    await call(droplet, "mark_read", { ids: [question.id] });

    const answered = await call(lab, "wait_for_messages", {});
    const [answer] = (answered.structuredContent as { messages: Message[] }).messages;
    expect(answer).toMatchObject({
      from_node: "droplet",
      kind: "answer",
      content: "gpu-wsl has it",
    });

    for (const agent of [lab, droplet]) {
      const thread = await call(agent, "get_thread", { thread_id: "gpu-question" });
      expect((thread.structuredContent as { messages: Message[] }).messages).toMatchObject([
        { id: question.id, kind: "question", content: "which node has the GPU?" },
        { id: answer?.id, kind: "answer", content: "gpu-wsl has it" },
      ]);
    }

    const marked = await call(lab, "mark_read", { ids: [answer?.id, 999_999] });
    expect(marked.structuredContent).toEqual({ marked: [answer?.id], notFound: [999_999] });
    const unread = await call(lab, "check_inbox", {});
    const ids = (unread.structuredContent as { messages: Message[] }).messages.map((m) => m.id);
    expect(ids).not.toContain(answer?.id);
  });

  it("does not hand back a message a wait already returned", async () => {
    const sent = await call(lab, "send_message", { to: "droplet", kind: "fyi", content: "once" });
    const { id } = (sent.structuredContent as { message: Message }).message;
    const first = await call(droplet, "wait_for_messages", { timeout_seconds: 5 });
    expect((first.structuredContent as { messages: Message[] }).messages.map((m) => m.id)).toEqual([
      id,
    ]);
    const second = await call(droplet, "wait_for_messages", { timeout_seconds: 1 });
    expect(second.structuredContent).toEqual({ messages: [], has_more: false });
    const again = await call(droplet, "wait_for_messages", {
      timeout_seconds: 1,
      after_id: id - 1,
    });
    expect((again.structuredContent as { messages: Message[] }).messages.map((m) => m.id)).toEqual([
      id,
    ]);
  });

  it("pages the inbox with after_id and limit, and never marks anything read", async () => {
    const ids: number[] = [];
    for (const content of ["page one", "page two", "page three"]) {
      const sent = await call(lab, "send_message", { to: "droplet", kind: "fyi", content });
      ids.push((sent.structuredContent as { message: Message }).message.id);
    }
    const [first, second, third] = ids as [number, number, number];
    const idsOf = (result: { structuredContent?: unknown }) =>
      (result.structuredContent as { messages: Message[] }).messages.map((m) => m.id);
    expect(idsOf(await call(droplet, "check_inbox", { after_id: first, limit: 1 }))).toEqual([
      second,
    ]);
    expect(idsOf(await call(droplet, "check_inbox", { after_id: second }))).toEqual([third]);
    const unread = idsOf(await call(droplet, "check_inbox", { limit: 1000 }));
    expect(unread).toEqual(expect.arrayContaining(ids));
  });

  it("answers a read of an unknown resource with a protocol error", async () => {
    await expect(droplet.client.readResource({ uri: "mesh://outbox" })).rejects.toThrow(
      /unknown resource/,
    );
  });

  it("refuses a pasted key as a tool error naming the rule, and nothing reaches the gateway", async () => {
    const key = `ghp_${randomBytes(27).toString("base64url").replace(/[-_]/g, "a").slice(0, 36)}`;
    const before = await inboxOf("droplet");
    const result = await call(lab, "send_message", {
      to: "droplet",
      kind: "fyi",
      content: `here is the key: ${key}`,
    });
    expect(result.isError).toBe(true);
    expect(errorText(result)).toMatch(/github token/);
    expect(errorText(result)).toMatch(/rule github/);
    expect(JSON.stringify(result)).not.toContain(key);
    expect(lab.stderr()).not.toContain(key);
    expect(await inboxOf("droplet")).toEqual(before);
  });

  it("refuses a message to oneself, also through an alias", async () => {
    const before = await inboxOf("droplet");
    const result = await call(droplet, "send_message", { to: "drop", kind: "fyi", content: "hi" });
    expect(result.isError).toBe(true);
    expect(errorText(result)).toMatch(/yourself/);
    expect(await inboxOf("droplet")).toEqual(before);
  });

  it("names a close registered peer when the recipient is unknown", async () => {
    const result = await call(lab, "send_message", { to: "droplat", kind: "fyi", content: "x" });
    expect(result.isError).toBe(true);
    expect(errorText(result)).toMatch(/did you mean droplet\?/);
  });

  it("explains invalid arguments by field, without quoting the value", async () => {
    const result = await call(lab, "send_message", { to: "droplet", kind: "gossip", content: "x" });
    expect(result.isError).toBe(true);
    expect(errorText(result)).toBe(
      "invalid arguments for send_message: 'kind' must be one of fyi, question, answer, status, unblock (kind: what the message is).",
    );
    const tooMany = await call(lab, "mark_read", {
      ids: Array.from({ length: 101 }, (_, i) => i),
    });
    expect(errorText(tooMany)).toMatch(
      /^invalid arguments for mark_read: 'ids' must have at most 100 items/,
    );
    const missing = await call(lab, "send_message", { to: "droplet", kind: "fyi" });
    expect(errorText(missing)).toMatch(
      /^invalid arguments for send_message: 'content' is required \(content: message text/,
    );
    const unknown = await call(lab, "check_inbox", { unread: true });
    expect(errorText(unknown)).toBe(
      "check_inbox has no argument 'unread': it takes unread_only, limit, after_id.",
    );
  });

  it("answers a wrong token with a tool error that says which setting to fix", async () => {
    const wrong = `mesh_${"x".repeat(48)}`;
    const agent = await session(peerEnv("lab-ovh", wrong));
    const result = await call(agent, "list_peers");
    expect(result.isError).toBe(true);
    expect(errorText(result)).toMatch(/rejected the token/);
    expect(errorText(result)).toMatch(/MESH_GATEWAY_TOKEN/);
    expect(JSON.stringify(result)).not.toContain(wrong);
    expect(agent.stderr()).not.toContain(wrong);
  });

  it("answers an unreachable gateway with a tool error that points at MESH_GATEWAY_URL", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const agent = await session({
      MESH_NODE: "lab-ovh",
      MESH_GATEWAY_URL: url,
      MESH_GATEWAY_TOKEN: labToken,
    });
    const result = await call(agent, "check_inbox");
    expect(result.isError).toBe(true);
    expect(errorText(result)).toMatch(/could not reach the mesh gateway/);
    expect(errorText(result)).toMatch(/MESH_GATEWAY_URL/);
    expect(JSON.stringify(result)).not.toContain(labToken);
  });

  it("notifies a subscriber of mesh://inbox when a DM arrives", async () => {
    const updated = new Promise<string>((resolve) => {
      droplet.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) =>
        resolve(notification.params.uri),
      );
    });
    const { resources } = await droplet.client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(["mesh://inbox"]);
    await droplet.client.subscribeResource({ uri: "mesh://inbox" });
    await call(lab, "send_message", { to: "droplet", kind: "status", content: "deploy done" });
    expect(await updated).toBe("mesh://inbox");
    const read = await droplet.client.readResource({ uri: "mesh://inbox" });
    const first = read.contents[0];
    const { messages } = JSON.parse(first && "text" in first ? first.text : "{}") as {
      messages: Message[];
    };
    expect(messages.map((message) => message.content)).toContain("deploy done");
    await droplet.client.unsubscribeResource({ uri: "mesh://inbox" });
  });
});

describe("mesh-mcp keeps results bounded and sends each message once", () => {
  it("registers its own peer at start, keeping the capabilities it has", async () => {
    const token = await gateway.issueToken("carol");
    const before = new MeshClient({ node: "carol", gatewayUrl: gateway.url, token });
    await before.register({ url: "http://carol.local:9000", capabilities: { review: true } });
    await before.close();
    const agent = await session(peerEnv("carol", token));
    await vi.waitFor(() => expect(agent.stderr()).toMatch(/registered peer 'carol'/));
    const carol = (await admin.listPeers()).find((peer) => peer.name === "carol");
    expect(carol).toMatchObject({ url: "http://carol.local:9000", capabilities: { review: true } });
  });

  it("makes a new agent reachable at start, and not with --no-register", async () => {
    const daveToken = await gateway.issueToken("dave");
    const erinToken = await gateway.issueToken("erin");
    await session(peerEnv("erin", erinToken), ["--no-register"]);
    const dave = await session(peerEnv("dave", daveToken));
    await vi.waitFor(async () => {
      expect((await admin.listPeers()).map((peer) => peer.name)).toContain("dave");
    });
    // A sender whose registry cache is younger than dave's registration.
    const sender = await session(peerEnv("lab-ovh", labToken), ["--no-register"]);
    const sent = await call(sender, "send_message", { to: "dave", kind: "fyi", content: "hi" });
    expect(errorText(sent)).toMatch(/^Sent #\d+ to dave \(fyi\)\. State: sent\.$/);
    expect((await admin.listPeers()).map((peer) => peer.name)).not.toContain("erin");
    const refused = await call(sender, "send_message", { to: "erin", kind: "fyi", content: "hi" });
    expect(errorText(refused)).toBe(
      "peer 'erin' is not registered on the mesh\nTo fix: use a registered peer name; `list_peers` lists them (a peer appears once its agent has registered).",
    );
    const registered = await structured<{ peer: { capabilities: unknown } }>(dave, "register", {
      capabilities: { languages: ["go"] },
    });
    expect(registered.peer.capabilities).toEqual({ languages: ["go"] });
  });

  it("returns at most 100 messages with has_more, clamping a larger limit", async () => {
    const frank = await gateway.issueToken("frank");
    const agent = await session(peerEnv("frank", frank));
    await vi.waitFor(async () => {
      expect((await admin.listPeers()).map((peer) => peer.name)).toContain("frank");
    });
    const sender = new MeshClient({ node: "gpu-wsl", gatewayUrl: gateway.url, token: ADMIN_TOKEN });
    for (let i = 0; i < 105; i++) {
      await sender.send({ to: "frank", kind: "fyi", content: `note ${i}\nsecond line` });
    }
    await sender.close();
    type Page = { messages: Message[]; has_more: boolean };
    const first = await structured<Page>(agent, "check_inbox", {});
    expect(first.messages).toHaveLength(20);
    expect(first.has_more).toBe(true);
    const text = errorText(await call(agent, "check_inbox", {}));
    expect(text).toMatch(
      /^20 unread messages, and more: call check_inbox with after_id \d+:\n#\d+ from gpu-wsl \(fyi, unread\): note 0\n/,
    );
    expect(text).not.toContain("second line");
    const clamped = await structured<Page>(agent, "check_inbox", { limit: 1000 });
    expect(clamped.messages).toHaveLength(100);
    expect(clamped.has_more).toBe(true);
    const last = await structured<Page>(agent, "check_inbox", {
      limit: 100,
      after_id: clamped.messages.at(-1)?.id,
    });
    expect(last).toMatchObject({ has_more: false });
    expect(last.messages).toHaveLength(5);
    const waited = await structured<Page>(agent, "wait_for_messages", { after_id: 0, limit: 500 });
    expect(waited.messages).toHaveLength(100);
    expect(waited.has_more).toBe(true);
  });

  it("returns the first message when a send is repeated, and sends again with resend", async () => {
    const args = { to: "droplet", kind: "fyi", content: "repeat me", thread_id: "repeats" };
    type Sent = { message: Message; repeated: boolean };
    const first = await structured<Sent>(lab, "send_message", args);
    const again = await structured<Sent>(lab, "send_message", args);
    expect(first.repeated).toBe(false);
    expect(again).toEqual({ message: first.message, repeated: true });
    expect(errorText(await call(lab, "send_message", args))).toMatch(
      /^Already sent as #\d+ to droplet .*pass resend: true to send it again/,
    );
    const resent = await structured<Sent>(lab, "send_message", { ...args, resend: true });
    expect(resent.message.id).not.toBe(first.message.id);
    const keyed = { ...args, content: "keyed", idempotency_key: "job-42-done" };
    const one = await structured<Sent>(lab, "send_message", keyed);
    const two = await structured<Sent>(lab, "send_message", keyed);
    expect(two.message.id).toBe(one.message.id);
    const inThread = (await inboxOf("droplet")).filter((m) => m.thread_id === "repeats");
    expect(inThread.map((m) => m.content)).toEqual(["repeat me", "repeat me", "keyed"]);
  });

  it("states a wrong token's fix once, without library options", async () => {
    const agent = await session(peerEnv("lab-ovh", `mesh_${"y".repeat(48)}`), ["--no-register"]);
    const text = errorText(await call(agent, "list_peers"));
    expect(text.match(/MESH_GATEWAY_TOKEN/g)).toHaveLength(1);
    expect(text).not.toMatch(/option/);
    expect(text.split("To fix:")).toHaveLength(2);
  });
});

describe("mesh-mcp reads conversations from the gateway", () => {
  type Page = { messages: Message[]; has_more: boolean };
  type Threads = {
    threads: { thread_id: string; peers: string[]; messages: number }[];
    has_more: boolean;
  };

  it("lists threads, searches both directions, and pages a thread", async () => {
    const ids: number[] = [];
    for (const [from, to, content] of [
      [lab, "droplet", "the kestrel deploy of build 4711 failed on step three"],
      [droplet, "lab-ovh", "retrying the kestrel deploy now"],
      [lab, "droplet", "thanks, it passed"],
    ] as const) {
      const sent = await structured<{ message: Message }>(from, "send_message", {
        to,
        kind: "status",
        content,
        thread_id: "deploy-4711",
      });
      ids.push(sent.message.id);
    }
    const threads = await structured<Threads>(lab, "list_threads", { q: "kestrel" });
    expect(threads.threads).toContainEqual(
      expect.objectContaining({
        thread_id: "deploy-4711",
        peers: ["droplet", "lab-ovh"],
        messages: 3,
      }),
    );
    expect(errorText(await call(lab, "list_threads", { q: "kestrel" }))).toMatch(
      /'deploy-4711' with droplet: 3 messages, .*last #\d+ \(status\)/,
    );
    const found = await structured<Page>(droplet, "search_messages", {
      q: "kestrel deploy",
      with: "lab-ovh",
    });
    expect(found.messages.map((m) => m.id)).toEqual([ids[0], ids[1]]);
    const first = await structured<Page>(droplet, "get_thread", {
      thread_id: "deploy-4711",
      limit: 2,
    });
    expect(first).toMatchObject({ has_more: true });
    expect(first.messages.map((m) => m.id)).toEqual([ids[0], ids[1]]);
    const rest = await structured<Page>(droplet, "get_thread", {
      thread_id: "deploy-4711",
      after_id: ids[1],
    });
    expect(rest).toEqual({ messages: [expect.objectContaining({ id: ids[2] })], has_more: false });
  });
});
