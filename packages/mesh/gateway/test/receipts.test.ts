import { afterAll, beforeAll, expect, it, describe as plainDescribe } from "vitest";
import { type RunningGateway, startGateway } from "../src/index.js";
import { BACKENDS, POOLED_BACKENDS } from "./backends.js";
import { ADMIN_TOKEN, call, register, send } from "./helpers.js";
import { openStream, type SseEvent, type TestStream } from "./sse-stream.js";

const isReceipt = (event: SseEvent) => event.event === "receipt";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const DAY_MS = 86_400_000;

for (const { backend, describe } of [...BACKENDS, ...POOLED_BACKENDS]) {
  describe(`receipts on ${backend.title}`, () => {
    /** The gateway peers use; the sender's streams open on `other` (a second gateway on PostgreSQL). */
    let gateway: RunningGateway;
    let other: RunningGateway;
    let cleanup: () => Promise<void>;
    const tokens: Record<string, string> = {};
    const streams: TestStream[] = [];
    let threads = 0;

    beforeAll(async () => {
      const db = await backend.create();
      cleanup = db.cleanup;
      const options = {
        port: 0,
        database: db.database,
        listenDatabase: db.listenDatabase,
        adminToken: ADMIN_TOKEN,
        logger: false as const,
        receiptSweepMs: 50,
      };
      gateway = await startGateway(options);
      other = backend.name === "postgres" ? await startGateway(options) : gateway;
      for (const peer of ["rc-asker", "rc-helper"]) {
        expect((await register(gateway, peer)).status).toBe(201);
        tokens[peer] = await gateway.issueToken(peer);
      }
    });
    afterAll(async () => {
      for (const stream of streams) stream.close();
      if (other !== gateway) await other?.close();
      await gateway?.close();
      await cleanup?.();
    });

    const as = (peer: string) => ({ token: tokens[peer]! });
    const open = async (on: RunningGateway, path: string, peer: string) => {
      const stream = await openStream(on, path, bearer(tokens[peer]!));
      expect(stream.status).toBe(200);
      streams.push(stream);
      return stream;
    };
    const ask = async (extra: Record<string, unknown> = {}) => {
      const result = await send(
        gateway,
        {
          from_node: "rc-asker",
          to_node: "rc-helper",
          kind: "question",
          thread_id: `rc-t${++threads}`,
          ...extra,
        },
        as("rc-asker"),
      );
      expect(result.status).toBe(201);
      return result.json as { id: number; thread_id: string; state: string; reply_by: string };
    };
    const message = async (id: number) => (await call(gateway, "GET", `/messages/${id}`)).json;

    it("delivers with the recipient's own read, whose reply shows it; the admin's read delivers nothing", async () => {
      const sent = await ask();
      expect(sent.state).toBe("sent");
      const admin = await call(gateway, "GET", "/messages?to=rc-helper");
      const seen = admin.json.messages.find((m: { id: number }) => m.id === sent.id);
      expect(seen).toMatchObject({ delivered_at: null, state: "sent" });
      const pending = await call(
        gateway,
        "GET",
        "/messages?from=rc-asker&state=sent",
        as("rc-asker"),
      );
      expect(pending.json.messages.map((m: { id: number }) => m.id)).toContain(sent.id);

      const own = await call(gateway, "GET", "/messages", as("rc-helper"));
      const delivered = own.json.messages.find((m: { id: number }) => m.id === sent.id);
      expect(delivered.state).toBe("delivered");
      expect(new Date(delivered.delivered_at).toISOString()).toBe(delivered.delivered_at);
      expect(await message(sent.id)).toMatchObject({
        delivered_at: delivered.delivered_at,
        state: "delivered",
      });
      const again = await call(gateway, "GET", "/messages", as("rc-helper"));
      const same = again.json.messages.find((m: { id: number }) => m.id === sent.id);
      expect(same.delivered_at).toBe(delivered.delivered_at);

      const after = await call(
        gateway,
        "GET",
        "/messages?from=rc-asker&state=sent",
        as("rc-asker"),
      );
      expect(after.json.messages.map((m: { id: number }) => m.id)).not.toContain(sent.id);
      const listed = await call(
        gateway,
        "GET",
        "/messages?from=rc-asker&state=delivered",
        as("rc-asker"),
      );
      expect(listed.json.messages.map((m: { id: number }) => m.id)).toContain(sent.id);
      expect(listed.json.messages.every((m: { state: string }) => m.state === "delivered")).toBe(
        true,
      );
    });

    it("delivers through a wait reply and through the recipient's own stream", async () => {
      const latest = (await call(gateway, "GET", "/messages?to=rc-helper")).json.messages.at(-1);
      const waiting = call(
        gateway,
        "GET",
        `/messages?wait=10&after_id=${latest?.id ?? 0}`,
        as("rc-helper"),
      );
      // The wait is registered before it reads, so a send right after it is seen either way.
      const sent = await ask();
      const woken = (await waiting).json.messages.find((m: { id: number }) => m.id === sent.id);
      expect(woken).toMatchObject({ state: "delivered" });
      expect(woken.delivered_at).not.toBeNull();

      const inbox = await open(gateway, "/messages/stream", "rc-helper");
      const streamed = await ask();
      const event = await inbox.next(
        (e) => e.event === "message" && JSON.parse(e.data!).id === streamed.id,
      );
      const data = JSON.parse(event.data!);
      expect(data.state).toBe("delivered");
      await expect
        .poll(async () => (await message(streamed.id)).delivered_at)
        .toBe(data.delivered_at);
    });

    it("tells the sender's stream, on another gateway, delivered, read and answered in order", async () => {
      const receipts = await open(other, "/messages/stream?from=rc-asker", "rc-asker");
      const inbox = await open(other, "/messages/stream?receipts=true", "rc-asker");
      const question = await ask();
      await call(gateway, "GET", `/messages?thread=${question.thread_id}`, as("rc-helper"));
      await call(gateway, "POST", `/messages/${question.id}/read`, as("rc-helper"));
      const answer = await send(
        gateway,
        {
          from_node: "rc-helper",
          to_node: "rc-asker",
          kind: "answer",
          thread_id: question.thread_id,
        },
        as("rc-helper"),
      );
      expect(answer.status).toBe(201);
      const states: string[] = [];
      for (let index = 0; index < 3; index++) {
        const event = await receipts.next(
          (e) => isReceipt(e) && JSON.parse(e.data!).message_id === question.id,
        );
        expect(event.id).toBeUndefined();
        const receipt = JSON.parse(event.data!);
        expect(Object.keys(receipt).sort()).toEqual(["at", "message_id", "state", "to_node"]);
        expect(receipt.to_node).toBe("rc-helper");
        states.push(receipt.state);
      }
      expect(states).toEqual(["delivered", "read", "answered"]);
      const answered = await message(question.id);
      expect(answered).toMatchObject({ state: "answered", answer_id: answer.json.id });
      // The inbox stream with receipts=true hears them too, besides the answer itself.
      const first = await inbox.next(
        (e) => isReceipt(e) && JSON.parse(e.data!).message_id === question.id,
      );
      expect(JSON.parse(first.data!).state).toBe("delivered");
      await inbox.next((e) => e.event === "message" && JSON.parse(e.data!).id === answer.json.id);
    });

    it("refuses another peer's receipts", async () => {
      const refused = await openStream(
        gateway,
        "/messages/stream?from=rc-asker",
        bearer(tokens["rc-helper"]!),
      );
      refused.close();
      expect(refused.status).toBe(403);
    });

    it("refuses a reply_by in the past, past 30 days, on another kind or malformed, with 400 invalid_body", async () => {
      const now = Date.now();
      for (const [kind, replyBy] of [
        ["question", new Date(now - 60_000).toISOString()],
        ["question", new Date(now + 31 * DAY_MS).toISOString()],
        ["fyi", new Date(now + DAY_MS).toISOString()],
        ["question", "tomorrow"],
        ["question", 1234],
      ] as const) {
        const result = await send(
          gateway,
          { from_node: "rc-asker", to_node: "rc-helper", kind, reply_by: replyBy },
          as("rc-asker"),
        );
        expect(result.status, String(replyBy)).toBe(400);
        expect(result.json.error).toBe("invalid_body");
      }
      const unknownState = await call(
        gateway,
        "GET",
        "/messages?from=rc-asker&state=lost",
        as("rc-asker"),
      );
      expect(unknownState.status).toBe(400);
      expect(unknownState.json.error).toBe("invalid_query");
    });

    it("expires a question left unanswered past its reply_by and tells the sender", async () => {
      const receipts = await open(other, "/messages/stream?from=rc-asker", "rc-asker");
      const question = await ask({ reply_by: new Date(Date.now() + 29 * DAY_MS).toISOString() });
      expect(Date.parse(question.reply_by)).toBeGreaterThan(Date.now());
      const soon = await ask({ reply_by: new Date(Date.now() + 300).toISOString() });
      // (The helper's stream of an earlier test delivers it first.)
      await receipts.next((e) => {
        if (!isReceipt(e)) return false;
        const receipt = JSON.parse(e.data!);
        return receipt.message_id === soon.id && receipt.state === "expired";
      });
      const expired = await message(soon.id);
      expect(expired.state).toBe("expired");
      expect(Date.parse(expired.expired_at)).toBeGreaterThanOrEqual(Date.parse(soon.reply_by));
      expect((await message(question.id)).expired_at).toBeNull();
    });
  });
}

plainDescribe("receipts in open mode", () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway({
      port: 0,
      database: ":memory:",
      adminToken: null,
      logger: false,
    });
    for (const peer of ["om-asker", "om-helper"]) await register(gateway, peer, null);
  });
  afterAll(() => gateway?.close());

  it("delivers on a read naming the recipient in to, and only then", async () => {
    const sent = await send(
      gateway,
      { from_node: "om-asker", to_node: "om-helper" },
      { token: null },
    );
    const unnamed = await call(gateway, "GET", "/messages", { token: null });
    expect(unnamed.json.messages.find((m: { id: number }) => m.id === sent.json.id).state).toBe(
      "sent",
    );
    const named = await call(gateway, "GET", "/messages?to=om-helper", { token: null });
    expect(named.json.messages[0]).toMatchObject({ id: sent.json.id, state: "delivered" });
  });
});
