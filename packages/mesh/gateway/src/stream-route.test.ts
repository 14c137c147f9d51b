import http from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POSTGRES_BACKENDS } from "../test/backends.js";
import { ADMIN_TOKEN, call, register, send } from "../test/helpers.js";
import { openStream, type TestStream } from "../test/sse-stream.js";
import { type GatewayOptions, type RunningGateway, startGateway } from "./index.js";

describe("GET /messages/stream", () => {
  let gateway: RunningGateway;
  const streams: TestStream[] = [];

  const start = async (options: GatewayOptions = {}) => {
    await gateway?.close();
    gateway = await startGateway({
      port: 0,
      database: ":memory:",
      adminToken: ADMIN_TOKEN,
      logger: false,
      ...options,
    });
    for (const name of ["alice", "bob", "carol"]) await register(gateway, name);
  };
  const open = async (
    ...args: Parameters<typeof openStream> extends [unknown, ...infer R] ? R : never
  ) => {
    const stream = await openStream(gateway, ...args);
    streams.push(stream);
    return stream;
  };

  beforeEach(() => start());
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await gateway.close();
  });

  it("answers with event-stream headers at once and delivers each new message as one event", async () => {
    const stream = await open();
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    const sent = await send(gateway, { from_node: "alice", to_node: "bob", content: "live" });
    const event = await stream.next();
    expect(event.id).toBe(String(sent.json.id));
    expect(event.event).toBe("message");
    expect(JSON.parse(event.data ?? "")).toMatchObject({
      id: sent.json.id,
      from_node: "alice",
      to_node: "bob",
      content: "live",
      read_at: null,
    });
  });

  it("carries only messages stored after it opened when no cursor is given", async () => {
    const old = await send(gateway, { from_node: "alice", to_node: "bob", content: "old" });
    const stream = await open();
    const start = await stream.next((event) => event.data === undefined && event.id !== undefined);
    expect(start.id).toBe(String(old.json.id));
    const fresh = await send(gateway, { from_node: "alice", to_node: "bob", content: "new" });
    const event = await stream.next();
    expect(event.id).toBe(String(fresh.json.id));
  });

  it.each([
    ["the Last-Event-ID header", "header"],
    ["the after_id query", "query"],
  ])("resumes after %s with every later message once, in id order", async (_, how) => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (await send(gateway, { from_node: "alice", to_node: "bob", content: `m${i}` })).json.id,
      );
    }
    const headers: Record<string, string> = { authorization: `Bearer ${ADMIN_TOKEN}` };
    let path = "/messages/stream?to=bob";
    if (how === "header") headers["last-event-id"] = String(ids[1]);
    else path += `&after_id=${ids[1]}`;
    const stream = await open(path, headers);
    const later = await send(gateway, { from_node: "alice", to_node: "bob", content: "later" });
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) seen.push((await stream.next()).id ?? "");
    expect(seen).toEqual([...ids.slice(2), later.json.id].map(String));
  });

  it("catches up through more stored text than one read loads (1 MiB), every message once in order", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const content = `${i} ${"x".repeat(60_000)}`;
      ids.push((await send(gateway, { from_node: "alice", to_node: "bob", content })).json.id);
    }
    const stream = await open("/messages/stream?to=bob&after_id=0");
    const seen: number[] = [];
    while (seen.length < ids.length) seen.push(Number((await stream.next()).id));
    expect(seen).toEqual(ids);
  });

  it("keeps a resumed stream gap-free while messages arrive during the catch-up", async () => {
    const first = await send(gateway, { from_node: "alice", to_node: "bob", content: "first" });
    const stream = await open("/messages/stream?to=bob", {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      "last-event-id": "0",
    });
    const sends = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        send(gateway, { from_node: "carol", to_node: "bob", content: `burst ${i}` }),
      ),
    );
    const expected = [first.json.id, ...sends.map((r) => r.json.id)].sort((a, b) => a - b);
    const seen: number[] = [];
    while (seen.length < expected.length) seen.push(Number((await stream.next()).id));
    expect(seen).toEqual(expected);
  });

  it("applies thread, from, with and unread_only as GET /messages does", async () => {
    const alice = await gateway.issueToken("alice");
    const auth = { authorization: `Bearer ${alice}` };
    const thread = await open("/messages/stream?thread=t-1", auth);
    const sent = await open("/messages/stream?from=alice", auth);
    const withBob = await open("/messages/stream?with=bob&unread_only=true", auth);
    await send(gateway, { from_node: "carol", to_node: "alice", content: "c1", thread_id: "t-2" });
    await send(gateway, { from_node: "bob", to_node: "alice", content: "b1", thread_id: "t-1" });
    await send(gateway, { from_node: "alice", to_node: "carol", content: "a1" });
    await send(gateway, { from_node: "carol", to_node: "bob", content: "other", thread_id: "t-1" });
    await send(gateway, { from_node: "alice", to_node: "bob", content: "a2", thread_id: "t-1" });
    const contents = async (stream: TestStream, count: number) => {
      const seen: string[] = [];
      while (seen.length < count) seen.push(JSON.parse((await stream.next()).data!).content);
      return seen;
    };
    expect(await contents(thread, 2)).toEqual(["b1", "a2"]);
    expect(await contents(sent, 2)).toEqual(["a1", "a2"]);
    expect(await contents(withBob, 2)).toEqual(["b1", "a2"]);
    // Resumed from the start, the same filters pick the same messages from storage.
    const resumed = await open("/messages/stream?thread=t-1&after_id=0", auth);
    expect(await contents(resumed, 2)).toEqual(["b1", "a2"]);
    const refused = await openStream(gateway, "/messages/stream?from=bob", auth);
    expect(refused.status).toBe(403);
    refused.close();
  });

  it("gives a peer token its own inbox only, and refuses another peer's", async () => {
    const bobToken = await gateway.issueToken("bob");
    const own = await open("/messages/stream", { authorization: `Bearer ${bobToken}` });
    await send(gateway, { from_node: "alice", to_node: "carol", content: "not for bob" });
    const mine = await send(gateway, { from_node: "alice", to_node: "bob", content: "for bob" });
    expect((await own.next()).id).toBe(String(mine.json.id));

    const other = await open("/messages/stream?to=carol", { authorization: `Bearer ${bobToken}` });
    expect(other.status).toBe(403);
  });

  it("refuses a request without a token and a malformed Last-Event-ID", async () => {
    expect((await open("/messages/stream", {})).status).toBe(401);
    const bad = await open("/messages/stream", {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      "last-event-id": "twelve",
    });
    expect(bad.status).toBe(400);
  });

  it("answers other methods on the path with 405", async () => {
    const result = await call(gateway, "POST", "/messages/stream", { body: {} });
    expect(result.status).toBe(405);
    expect(result.headers.get("allow")).toBe("GET");
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await call(gateway, "GET", "/openapi.json", { token: null })).json;
    const stream = doc.paths["/messages/stream"].get;
    expect(Object.keys(stream.responses["200"].content)).toEqual(["text/event-stream"]);
    expect(stream.parameters.map((p: { name: string }) => p.name)).toEqual([
      "to",
      "unread_only",
      "after_id",
      "thread",
      "from",
      "with",
      "receipts",
      "Last-Event-ID",
    ]);
  });

  it("sends a ping comment every streamPingMs", async () => {
    await start({ streamPingMs: 20 });
    const stream = await open();
    expect((await stream.next((event) => event.comment !== undefined)).comment).toBe("ping");
  });

  it("ends open streams when the gateway closes", async () => {
    const stream = await open();
    await gateway.close();
    await stream.ended;
  });

  it("ends a peer's streams when its tokens are revoked", async () => {
    const token = await gateway.issueToken("bob");
    const stream = await open("/messages/stream", { authorization: `Bearer ${token}` });
    expect((await call(gateway, "DELETE", "/admin/tokens/bob")).status).toBe(200);
    await stream.ended;
  });

  it("ends a revoked peer's streams within a second, without waiting for a ping", async () => {
    // No ping within the test: only the revocation itself can end the stream.
    await start({ streamPingMs: 600_000 });
    const token = await gateway.issueToken("bob");
    const stream = await open("/messages/stream", { authorization: `Bearer ${token}` });
    expect((await call(gateway, "DELETE", "/admin/tokens/bob")).status).toBe(200);
    const late = new Promise<string>((resolve) => setTimeout(() => resolve("still open"), 1000));
    expect(await Promise.race([stream.ended.then(() => "ended"), late])).toBe("ended");
  });

  it("ends a stream at the next ping when its token was revoked elsewhere (another gateway)", async () => {
    await start({ streamPingMs: 20 });
    const token = await gateway.issueToken("bob");
    const stream = await open("/messages/stream", { authorization: `Bearer ${token}` });
    await gateway.storage.revokeTokens("bob");
    await stream.ended;
  });

  it("cuts off a reader that stops reading, so its buffered events cannot pile up", async () => {
    await start({ streamPingMs: 20, maxStreamsPerPeer: 1 });
    const token = await gateway.issueToken("bob");
    const bob = { authorization: `Bearer ${token}` };
    const stalled = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${gateway.url}/messages/stream`, { headers: bob }, resolve).on("error", reject);
    });
    stalled.pause();
    // Far more than the socket buffers hold: the gateway's writes back up.
    const content = "x".repeat(60_000);
    for (let i = 0; i < 200; i++)
      await send(gateway, { from_node: "alice", to_node: "bob", content });
    // The slot frees once the gateway has dropped the stalled stream.
    let status = 429;
    for (let attempt = 0; attempt < 200 && status === 429; attempt++) {
      const retry = await open("/messages/stream", bob);
      status = retry.status;
      if (status === 429) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status).toBe(200);
    stalled.destroy();
  });

  it("bounds the open streams on the gateway (503) and per peer token (429)", async () => {
    await start({ maxStreams: 3, maxStreamsPerPeer: 2 });
    const token = await gateway.issueToken("bob");
    const bob = { authorization: `Bearer ${token}` };
    expect((await open("/messages/stream", bob)).status).toBe(200);
    expect((await open("/messages/stream", bob)).status).toBe(200);
    const third = await open("/messages/stream", bob);
    expect(third.status).toBe(429);
    expect((await open()).status).toBe(200);
    const full = await open();
    expect(full.status).toBe(503);
  });
});

for (const { backend, describe: describeBackend } of POSTGRES_BACKENDS) {
  describeBackend(`GET /messages/stream on ${backend.title}`, () => {
    it("delivers messages sent through another gateway and resumes without gaps (every wake-up reads the database)", async () => {
      const db = await backend.create();
      const options = {
        port: 0,
        database: db.database,
        listenDatabase: db.listenDatabase,
        adminToken: ADMIN_TOKEN,
        logger: false,
      } as const;
      const gateway = await startGateway(options);
      const other = await startGateway(options);
      const streams: TestStream[] = [];
      try {
        for (const name of ["alice", "bob"]) await register(gateway, name);
        const first = await send(gateway, { from_node: "alice", to_node: "bob", content: "one" });
        const live = await openStream(other, "/messages/stream?to=bob");
        const resumed = await openStream(gateway, "/messages/stream?to=bob", {
          authorization: `Bearer ${ADMIN_TOKEN}`,
          "last-event-id": "0",
        });
        streams.push(live, resumed);
        const second = await send(gateway, { from_node: "alice", to_node: "bob", content: "two" });
        expect((await live.next()).id).toBe(String(second.json.id));
        expect([(await resumed.next()).id, (await resumed.next()).id]).toEqual(
          [first.json.id, second.json.id].map(String),
        );
      } finally {
        for (const stream of streams) stream.close();
        await gateway.close();
        await other.close();
        await db.cleanup();
      }
    });
  });
}
