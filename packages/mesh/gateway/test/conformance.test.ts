import { createHash } from "node:crypto";
import { expect, it } from "vitest";
import { type GatewayLogEntry, type RunningGateway, startGateway } from "../src/index.js";
import { BACKENDS, POOLED_BACKENDS } from "./backends.js";
import { ADMIN_TOKEN, call, register, send } from "./helpers.js";
import { suiteGateway } from "./suite-gateway.js";

const PASS_NAMES = ["lab-ovh", "droplet", "gpu-wsl", "ab", "a--b", "a".repeat(64), "x9"];
const FAIL_NAMES = [
  "Lab-Ovh",
  "lab_ovh",
  "lab ovh",
  "-droplet",
  "droplet-",
  "1peer",
  "x",
  "",
  "a".repeat(65),
  "droplet\n",
  "dröplet",
  "drop'; DROP TABLE peers; --",
];
const KINDS = ["fyi", "question", "answer", "status", "unblock"];

for (const { backend, describe } of [...BACKENDS, ...POOLED_BACKENDS]) {
  describe(`gateway conformance on ${backend.title}`, () => {
    let gateway: RunningGateway;
    const logs: GatewayLogEntry[] = [];
    let counter = 0;
    /** A peer name unique within this suite run. */
    const fresh = (base = "peer") => `${base}-${++counter}`;
    const registered = async (base?: string) => {
      const name = fresh(base);
      expect((await register(gateway, name)).status).toBe(201);
      return name;
    };

    suiteGateway(
      backend,
      (entry) => logs.push(entry),
      (started) => {
        gateway = started;
      },
    );

    it("answers GET /health with text/plain ok and no token", async () => {
      const result = await call(gateway, "GET", "/health", { token: null });
      expect(result.status).toBe(200);
      expect(result.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(result.text).toBe("ok");
    });

    it("registers a peer with 201 and the full Peer shape", async () => {
      const name = fresh();
      const result = await call(gateway, "POST", "/peers/register", {
        body: { name, url: "http://10.0.0.1:9000", capabilities: { runtime: "node" } },
      });
      expect(result.status).toBe(201);
      expect(result.json).toMatchObject({
        name,
        url: "http://10.0.0.1:9000",
        capabilities: { runtime: "node" },
        enabled: true,
        last_health: null,
      });
      expect(new Date(result.json.registered_at).toISOString()).toBe(result.json.registered_at);
      expect(new Date(result.json.last_seen).toISOString()).toBe(result.json.last_seen);
    });

    it("re-registers with 200, keeping registered_at and extras, replacing url and capabilities", async () => {
      const name = fresh();
      const first = await call(gateway, "POST", "/peers/register", {
        body: { name, url: "http://a", capabilities: { a: 1 }, team: "blue", nested: { x: [1] } },
      });
      const second = await call(gateway, "POST", "/peers/register", {
        body: { name, capabilities: { b: 2 }, zone: "eu" },
      });
      expect(second.status).toBe(200);
      expect(second.json.registered_at).toBe(first.json.registered_at);
      expect(second.json.url).toBeNull();
      expect(second.json.capabilities).toEqual({ b: 2 });
      expect(second.json).toMatchObject({ team: "blue", nested: { x: [1] }, zone: "eu" });
      const listed = (await call(gateway, "GET", "/peers")).json.peers.find(
        (peer: { name: string }) => peer.name === name,
      );
      expect(listed).toEqual(second.json);
    });

    it("ignores gateway-managed fields a registrant sends", async () => {
      const name = fresh();
      const result = await call(gateway, "POST", "/peers/register", {
        body: { name, enabled: false, registered_at: "2000-01-01T00:00:00.000Z", last_health: "x" },
      });
      expect(result.json.enabled).toBe(true);
      expect(result.json.registered_at).not.toBe("2000-01-01T00:00:00.000Z");
      expect(result.json.last_health).toBeNull();
    });

    it("lists peers under the key peers", async () => {
      const name = await registered();
      const result = await call(gateway, "GET", "/peers");
      expect(result.status).toBe(200);
      expect(result.json.peers.map((peer: { name: string }) => peer.name)).toContain(name);
    });

    it("sends with 201 and a response of exactly the SentMessage fields", async () => {
      const from = await registered();
      const to = await registered();
      const result = await send(gateway, { from_node: from, to_node: to, thread_id: "t-1" });
      expect(result.status).toBe(201);
      expect(Object.keys(result.json).sort()).toEqual(
        [
          "created_at",
          "from_node",
          "id",
          "kind",
          "thread_id",
          "to_node",
          "reply_by",
          "state",
        ].sort(),
      );
      expect(result.json).toMatchObject({
        from_node: from,
        to_node: to,
        kind: "fyi",
        thread_id: "t-1",
        reply_by: null,
        state: "sent",
      });
      expect(Number.isInteger(result.json.id)).toBe(true);
      expect(new Date(result.json.created_at).toISOString()).toBe(result.json.created_at);
    });

    it("returns inbox rows with every Message field, by id ascending, without marking them read", async () => {
      const from = await registered();
      const to = await registered();
      const ids: number[] = [];
      for (const [index, kind] of KINDS.entries()) {
        const result = await send(gateway, {
          from_node: from,
          to_node: to,
          kind,
          content: `m${index}`,
          ...(index === 0 ? { related_task_id: "task-7", thread_id: "th-7" } : {}),
        });
        expect(result.status).toBe(201);
        ids.push(result.json.id);
      }
      for (let round = 0; round < 2; round++) {
        const { json } = await call(gateway, "GET", `/messages?to=${to}`);
        expect(json.messages.map((m: { id: number }) => m.id)).toEqual(ids);
        expect(json.messages[0]).toEqual({
          id: ids[0],
          from_node: from,
          to_node: to,
          kind: "fyi",
          content: "m0",
          created_at: expect.any(String),
          read_at: null,
          related_task_id: "task-7",
          thread_id: "th-7",
          // The admin reading an inbox delivers nothing.
          delivered_at: null,
          answered_at: null,
          answer_id: null,
          reply_by: null,
          expired_at: null,
          state: "sent",
        });
        expect(json.messages[1]).toMatchObject({ related_task_id: null, thread_id: null });
      }
    });

    it("refuses a kind outside the enum with 400 unknown_kind and a non-string kind with invalid_body", async () => {
      const from = await registered();
      const to = await registered();
      const unknown = await send(gateway, { from_node: from, to_node: to, kind: "urgent" });
      expect(unknown.status).toBe(400);
      expect(unknown.json.error).toBe("unknown_kind");
      const wrongType = await send(gateway, { from_node: from, to_node: to, kind: 3 });
      expect(wrongType.status).toBe(400);
      expect(wrongType.json.error).toBe("invalid_body");
    });

    it("accepts every name in the peer-name format", async () => {
      for (const name of PASS_NAMES) {
        const result = await register(gateway, name);
        expect([200, 201], name).toContain(result.status);
      }
    });

    it("refuses names outside the format with 400 invalid_name everywhere a name goes", async () => {
      const good = await registered();
      for (const name of FAIL_NAMES) {
        const checks = [
          await register(gateway, name),
          await send(gateway, { from_node: good, to_node: name }),
          await send(gateway, { from_node: name, to_node: good }),
          await call(gateway, "GET", `/messages?to=${encodeURIComponent(name)}`),
          await call(gateway, "POST", "/admin/tokens", { body: { peer: name } }),
        ];
        for (const result of checks) {
          expect(result.status, JSON.stringify(name)).toBe(400);
          expect(result.json.error, JSON.stringify(name)).toBe("invalid_name");
        }
      }
    });

    it("refuses an unregistered recipient with 404 unknown_recipient", async () => {
      const from = await registered();
      const result = await send(gateway, { from_node: from, to_node: fresh("nobody") });
      expect(result.status).toBe(404);
      expect(result.json.error).toBe("unknown_recipient");
    });

    it("lets only an admin disable a peer, and refuses DMs to it with 409 until re-enabled", async () => {
      const from = await registered();
      const to = await registered();
      const peerToken = await gateway.issueToken(to);
      const byPeer = await call(gateway, "PATCH", `/peers/${to}`, {
        body: { enabled: false },
        token: peerToken,
      });
      expect(byPeer.status).toBe(403);
      const disabled = await call(gateway, "PATCH", `/peers/${to}`, { body: { enabled: false } });
      expect(disabled.status).toBe(200);
      expect(disabled.json.enabled).toBe(false);
      const refused = await send(gateway, { from_node: from, to_node: to });
      expect(refused.status).toBe(409);
      expect(refused.json.error).toBe("recipient_disabled");
      const reRegistered = await register(gateway, to);
      expect(reRegistered.json.enabled).toBe(false);
      await call(gateway, "PATCH", `/peers/${to}`, { body: { enabled: true } });
      expect((await send(gateway, { from_node: from, to_node: to })).status).toBe(201);
    });

    it("answers PATCH of an unknown peer with 404 and a bad enabled with 400", async () => {
      const missing = await call(gateway, "PATCH", `/peers/${fresh("ghost")}`, {
        body: { enabled: true },
      });
      expect(missing.status).toBe(404);
      expect(missing.json.error).toBe("not_found");
      const name = await registered();
      const bad = await call(gateway, "PATCH", `/peers/${name}`, { body: { enabled: "yes" } });
      expect(bad.status).toBe(400);
      expect(bad.json.error).toBe("invalid_body");
    });

    it("marks read with 200 and keeps the first read_at on a second mark", async () => {
      const from = await registered();
      const to = await registered();
      const { json } = await send(gateway, { from_node: from, to_node: to });
      const first = await call(gateway, "POST", `/messages/${json.id}/read`);
      expect(first.status).toBe(200);
      expect(first.json.read_at).toEqual(expect.any(String));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await call(gateway, "POST", `/messages/${json.id}/read`);
      expect(second.status).toBe(200);
      expect(second.json.read_at).toBe(first.json.read_at);
      const unread = await call(gateway, "GET", `/messages?to=${to}&unread_only=true`);
      expect(unread.json.messages).toEqual([]);
    });

    it("answers unknown and malformed message ids with 404 not_found and 400 invalid_id", async () => {
      for (const id of ["999999999", "0", "99999999999999999999999"]) {
        const result = await call(gateway, "POST", `/messages/${id}/read`);
        expect(result.status, id).toBe(404);
        expect(result.json.error).toBe("not_found");
      }
      for (const id of ["abc", "-1", "1.5", "1e3", "%27%3B--"]) {
        const result = await call(gateway, "POST", `/messages/${id}/read`);
        expect(result.status, id).toBe(400);
        expect(result.json.error).toBe("invalid_id");
      }
    });

    it("pages with limit (default 100, capped at 1000, refused below 1) and after_id", async () => {
      const from = await registered();
      const to = await registered();
      const createdAt = new Date().toISOString();
      await gateway.storage.importMessages(
        Array.from({ length: 1005 }, (_, index) => ({
          fromNode: from,
          toNode: to,
          kind: "fyi" as const,
          content: `bulk ${index}`,
          relatedTaskId: null,
          threadId: null,
          createdAt,
          readAt: null,
        })),
      );
      const page = await call(gateway, "GET", `/messages?to=${to}`);
      expect(page.json.messages).toHaveLength(100);
      expect(page.json.messages[0].content).toBe("bulk 0");
      const capped = await call(gateway, "GET", `/messages?to=${to}&limit=5000`);
      expect(capped.json.messages).toHaveLength(1000);
      const huge = await call(gateway, "GET", `/messages?to=${to}&limit=99999999999999999999`);
      expect(huge.json.messages).toHaveLength(1000);
      const next = await call(
        gateway,
        "GET",
        `/messages?to=${to}&limit=10&after_id=${page.json.messages[99].id}`,
      );
      expect(next.json.messages.map((m: { content: string }) => m.content)).toEqual(
        Array.from({ length: 10 }, (_, index) => `bulk ${100 + index}`),
      );
      for (const limit of ["0", "-5", "abc", "1.5", ""]) {
        const result = await call(gateway, "GET", `/messages?to=${to}&limit=${limit}`);
        expect(result.status, limit).toBe(400);
        expect(result.json.error).toBe("invalid_query");
      }
      for (const query of [
        "after_id=-1",
        "after_id=x",
        "wait=-1",
        "wait=soon",
        "unread_only=maybe",
      ]) {
        const result = await call(gateway, "GET", `/messages?to=${to}&${query}`);
        expect(result.status, query).toBe(400);
        expect(result.json.error).toBe("invalid_query");
      }
    });

    it("filters unread_only=true to unread rows", async () => {
      const from = await registered();
      const to = await registered();
      const a = (await send(gateway, { from_node: from, to_node: to, content: "a" })).json.id;
      await send(gateway, { from_node: from, to_node: to, content: "b" });
      await call(gateway, "POST", `/messages/${a}/read`);
      const unread = await call(gateway, "GET", `/messages?to=${to}&unread_only=true`);
      expect(unread.json.messages.map((m: { content: string }) => m.content)).toEqual(["b"]);
      const all = await call(gateway, "GET", `/messages?to=${to}&unread_only=false`);
      expect(all.json.messages).toHaveLength(2);
    });

    it("returns recent messages of all recipients without to, ignoring to_node", async () => {
      const from = await registered();
      const one = await registered();
      const two = await registered();
      const a = (await send(gateway, { from_node: from, to_node: one })).json.id;
      const b = (await send(gateway, { from_node: from, to_node: two })).json.id;
      const result = await call(gateway, "GET", `/messages?to_node=${one}&limit=2`);
      expect(result.status).toBe(200);
      expect(result.json.messages.map((m: { id: number }) => m.id)).toEqual([a, b]);
    });

    it("restricts a peer token to its own name, inbox and messages", async () => {
      const me = await registered("me");
      const other = await registered("other");
      const token = await gateway.issueToken(me);
      const toMe = (await send(gateway, { from_node: other, to_node: me, content: "for me" })).json
        .id;
      const toOther = (await send(gateway, { from_node: me, to_node: other })).json.id;

      const own = await call(gateway, "GET", "/messages", { token });
      expect(own.status).toBe(200);
      expect(own.json.messages.map((m: { id: number }) => m.id)).toEqual([toMe]);
      expect((await call(gateway, "GET", `/messages?to=${me}`, { token })).status).toBe(200);
      const forbidden = [
        await call(gateway, "GET", `/messages?to=${other}`, { token }),
        await send(gateway, { from_node: other, to_node: me }, { token }),
        await register(gateway, other, token),
        await call(gateway, "POST", "/admin/tokens", { body: { peer: me }, token }),
        await call(gateway, "DELETE", `/admin/tokens/${other}`, { token }),
      ];
      for (const result of forbidden) {
        expect(result.status).toBe(403);
        expect(result.json.error).toBe("forbidden");
      }
      // Someone else's message id reads as a missing one: ids cannot be probed.
      const othersMessage = await call(gateway, "POST", `/messages/${toOther}/read`, { token });
      expect(othersMessage.status).toBe(404);
      expect(othersMessage.json.error).toBe("not_found");
      expect((await send(gateway, { from_node: me, to_node: other }, { token })).status).toBe(201);
      expect((await register(gateway, me, token)).status).toBe(200);
      expect((await call(gateway, "POST", `/messages/${toMe}/read`, { token })).status).toBe(200);
      expect((await call(gateway, "GET", "/peers", { token })).status).toBe(200);
    });

    it("answers a missing, unknown or revoked token with 401", async () => {
      const me = await registered();
      const issued = await call(gateway, "POST", "/admin/tokens", { body: { peer: me } });
      expect(issued.status).toBe(201);
      expect(issued.json.peer).toBe(me);
      const token: string = issued.json.token;
      expect(token.length).toBeGreaterThanOrEqual(43);
      expect((await call(gateway, "GET", "/peers", { token })).status).toBe(200);
      for (const bad of [null, "wrong", `${token}x`]) {
        const result = await call(gateway, "GET", "/peers", { token: bad });
        expect(result.status).toBe(401);
        expect(result.json.error).toBe("unauthorized");
        expect(result.text).not.toContain(token);
      }
      const basic = await call(gateway, "GET", "/peers", {
        token: null,
        headers: { authorization: `Basic ${ADMIN_TOKEN}` },
      });
      expect(basic.status).toBe(401);
      const revoked = await call(gateway, "DELETE", `/admin/tokens/${me}`);
      expect(revoked.json).toEqual({ peer: me, revoked: 1 });
      expect((await call(gateway, "GET", "/peers", { token })).status).toBe(401);
    });

    it("stores only the SHA-256 of an issued token", async () => {
      const me = await registered();
      const token = await gateway.issueToken(me);
      expect(await gateway.storage.findTokenPeer(token)).toBeUndefined();
      const hash = createHash("sha256").update(token).digest("hex");
      expect(await gateway.storage.findTokenPeer(hash)).toBe(me);
    });

    it("returns the first message with 200 on an Idempotency-Key repeat by the same sender", async () => {
      const from = await registered();
      const other = await registered();
      const to = await registered();
      const headers = { "idempotency-key": "key-1" };
      const first = await send(
        gateway,
        { from_node: from, to_node: to, content: "one" },
        { headers },
      );
      const repeat = await send(
        gateway,
        { from_node: from, to_node: to, content: "one" },
        { headers },
      );
      expect(first.status).toBe(201);
      expect(repeat.status).toBe(200);
      expect(repeat.json).toEqual(first.json);
      const otherSender = await send(gateway, { from_node: other, to_node: to }, { headers });
      expect(otherSender.status).toBe(201);
      const inbox = await call(gateway, "GET", `/messages?to=${to}`);
      expect(inbox.json.messages.map((m: { content: string }) => m.content)).toEqual([
        "one",
        "hello",
      ]);
    });

    it("stores one message for concurrent repeats of an Idempotency-Key", async () => {
      const from = await registered();
      const to = await registered();
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          send(
            gateway,
            { from_node: from, to_node: to },
            { headers: { "idempotency-key": "same" } },
          ),
        ),
      );
      expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect((await call(gateway, "GET", `/messages?to=${to}`)).json.messages).toHaveLength(1);
    });

    it("accepts content up to 64 KiB of UTF-8 and refuses more with 413", async () => {
      const from = await registered();
      const to = await registered();
      const exact = await send(gateway, {
        from_node: from,
        to_node: to,
        content: "a".repeat(65_536),
      });
      expect(exact.status).toBe(201);
      const over = await send(gateway, {
        from_node: from,
        to_node: to,
        content: "a".repeat(65_537),
      });
      expect(over.status).toBe(413);
      expect(over.json.error).toBe("payload_too_large");
      const multiByte = await send(gateway, {
        from_node: from,
        to_node: to,
        content: "€".repeat(21_846),
      });
      expect(multiByte.status).toBe(413);
    });

    it("refuses a body over 1 MiB with 413 before parsing", async () => {
      const result = await call(gateway, "POST", "/messages", {
        raw: `{"x":"${"a".repeat(1_100_000)}"`,
      });
      expect(result.status).toBe(413);
      expect(result.json.error).toBe("payload_too_large");
    });

    it("takes related_task_id and thread_id of 1 to 200 characters", async () => {
      const from = await registered();
      const to = await registered();
      const ok = await send(gateway, {
        from_node: from,
        to_node: to,
        related_task_id: "r".repeat(200),
        thread_id: "t",
      });
      expect(ok.status).toBe(201);
      for (const bad of [
        { thread_id: "" },
        { related_task_id: "r".repeat(201) },
        { thread_id: 5 },
      ]) {
        const result = await send(gateway, { from_node: from, to_node: to, ...bad });
        expect(result.status, JSON.stringify(bad)).toBe(400);
        expect(result.json.error).toBe("invalid_body");
      }
    });

    it("round-trips SQL metacharacters and Unicode in every free field", async () => {
      const from = await registered();
      const to = await registered();
      const nasty = [
        "'; DROP TABLE messages; --",
        'Robert"); DELETE FROM peers WHERE ("1"="1',
        "emoji 🚀 ÷ 汉字 עברית \u202e ltr",
        "back\\slash %_ wildcards ? $1 :name",
      ];
      for (const text of nasty) {
        const sent = await send(gateway, {
          from_node: from,
          to_node: to,
          content: text,
          related_task_id: text,
          thread_id: text,
        });
        expect(sent.status, text).toBe(201);
        expect(sent.json.thread_id).toBe(text);
      }
      const inbox = await call(gateway, "GET", `/messages?to=${to}`);
      expect(inbox.json.messages.map((m: { content: string }) => m.content)).toEqual(nasty);
      expect(
        inbox.json.messages.map((m: { related_task_id: string }) => m.related_task_id),
      ).toEqual(nasty);
      const peer = await call(gateway, "POST", "/peers/register", {
        body: {
          name: from,
          url: nasty[0],
          capabilities: { [nasty[2]!]: nasty[1] },
          [nasty[3]!]: nasty[0],
        },
      });
      expect(peer.status).toBe(200);
      expect(peer.json).toMatchObject({
        url: nasty[0],
        capabilities: { [nasty[2]!]: nasty[1] },
        [nasty[3]!]: nasty[0],
      });
      const nul = await send(gateway, { from_node: from, to_node: to, content: "a\u0000b" });
      expect(nul.status).toBe(400);
    });

    it("updates last_seen when a peer registers, sends and fetches its inbox", async () => {
      const from = await registered();
      const to = await registered();
      const seen = async (name: string) =>
        (await call(gateway, "GET", "/peers")).json.peers.find(
          (p: { name: string }) => p.name === name,
        ).last_seen as string;
      const before = await seen(from);
      await new Promise((resolve) => setTimeout(resolve, 10));
      const sent = await send(gateway, { from_node: from, to_node: to });
      expect(await seen(from)).toBe(sent.json.created_at);
      expect(Date.parse(await seen(from))).toBeGreaterThan(Date.parse(before));
      const token = await gateway.issueToken(to);
      const registeredAt = await seen(to);
      await new Promise((resolve) => setTimeout(resolve, 10));
      await call(gateway, "GET", "/messages", { token });
      expect(Date.parse(await seen(to))).toBeGreaterThan(Date.parse(registeredAt));
    });

    it("holds a wait long-poll until a message arrives and returns it", async () => {
      const from = await registered();
      const to = await registered();
      const polling = call(gateway, "GET", `/messages?to=${to}&unread_only=true&wait=20`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await send(gateway, { from_node: from, to_node: to, content: "wake up" });
      const result = await polling;
      expect(result.status).toBe(200);
      expect(result.json.messages.map((m: { content: string }) => m.content)).toEqual(["wake up"]);
    });

    it("answers a wait long-poll with an empty list when nothing arrives", async () => {
      const to = await registered();
      const result = await call(gateway, "GET", `/messages?to=${to}&wait=0.3`);
      expect(result.status).toBe(200);
      expect(result.json).toEqual({ messages: [] });
    });

    it("answers wrong methods with 405 and unknown paths with 404, both as JSON", async () => {
      for (const [method, path] of [
        ["PUT", "/messages"],
        ["DELETE", "/peers"],
        ["GET", "/messages/1/read"],
        ["GET", "/peers/register"],
      ] as const) {
        const result = await call(gateway, method, path);
        expect(result.status, `${method} ${path}`).toBe(405);
        expect(result.json.error).toBe("method_not_allowed");
        expect(result.headers.get("allow")).toBeTruthy();
      }
      const missing = await call(gateway, "GET", "/nowhere");
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual({ error: "not_found", message: expect.any(String) });
    });

    it("refuses malformed JSON, non-objects, missing fields and wrong types with 400", async () => {
      const from = await registered();
      const to = await registered();
      const cases: Array<[string, string]> = [
        ["{not json", "invalid_json"],
        ['{"__proto__": {"x": 1}}', "invalid_json"],
        ["[]", "invalid_body"],
        ['"text"', "invalid_body"],
        ["null", "invalid_body"],
        ["", "invalid_body"],
        [JSON.stringify({ from_node: from, kind: "fyi", content: "x" }), "invalid_body"],
        [JSON.stringify({ from_node: from, to_node: to, kind: "fyi" }), "invalid_body"],
        [JSON.stringify({ from_node: from, to_node: to, kind: "fyi", content: 5 }), "invalid_body"],
        [
          JSON.stringify({ from_node: [from], to_node: to, kind: "fyi", content: "x" }),
          "invalid_body",
        ],
      ];
      for (const [raw, code] of cases) {
        const result = await call(gateway, "POST", "/messages", { raw });
        expect(result.status, raw).toBe(400);
        expect(result.json, raw).toEqual({ error: code, message: expect.any(String) });
      }
      // A web page can send text/plain without asking first: writes are JSON only.
      const plainText = await fetch(`${gateway.url}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "text/plain" },
        body: JSON.stringify({ from_node: from, to_node: to, kind: "fyi", content: "plain" }),
      });
      expect(plainText.status).toBe(415);
      expect(await plainText.json()).toEqual({
        error: "unsupported_media_type",
        message: expect.any(String),
      });
    });

    it("serves an OpenAPI 3.1 document generated from the request schemas", async () => {
      const result = await call(gateway, "GET", "/openapi.json", { token: null });
      expect(result.status).toBe(200);
      expect(result.json.openapi).toBe("3.1.0");
      expect(Object.keys(result.json.paths)).toEqual(
        expect.arrayContaining([
          "/peers",
          "/peers/register",
          "/messages",
          "/messages/{msg_id}/read",
          "/health",
        ]),
      );
      const send = result.json.components.schemas.SendRequest;
      expect(send.required).toEqual(
        expect.arrayContaining(["from_node", "to_node", "kind", "content"]),
      );
      expect(send.properties.kind.enum).toEqual(KINDS);
      const query = result.json.paths["/messages"].get.parameters.map(
        (p: { name: string }) => p.name,
      );
      expect(query).toEqual(
        expect.arrayContaining(["to", "unread_only", "limit", "after_id", "wait"]),
      );
    });

    it("logs one JSON entry per request with the peer and never the token or content", async () => {
      const from = await registered();
      const to = await registered();
      const token = await gateway.issueToken(from);
      logs.length = 0;
      await send(
        gateway,
        { from_node: from, to_node: to, content: "secret-content-xyz" },
        { token },
      );
      await call(gateway, "GET", "/messages", { token });
      expect(logs).toHaveLength(2);
      expect(logs[0]).toMatchObject({
        method: "POST",
        path: "/messages",
        status: 201,
        auth: "peer",
        peer: from,
      });
      const text = JSON.stringify(logs);
      expect(text).not.toContain("secret-content-xyz");
      expect(text).not.toContain(token);
      expect(text).not.toContain(ADMIN_TOKEN);
    });
  });

  describe(`database loss on ${backend.title}`, () => {
    it("answers GET /health with 503 and other requests with a JSON 5xx once the database is gone", async () => {
      const db = await backend.create();
      const gateway = await startGateway({
        port: 0,
        database: db.database,
        listenDatabase: db.listenDatabase,
        adminToken: null,
        logger: false,
      });
      try {
        await gateway.storage.close();
        const health = await call(gateway, "GET", "/health", { token: null });
        expect(health.status).toBe(503);
        const peers = await call(gateway, "GET", "/peers", { token: null });
        // The storage raises its own `unavailable` error, whatever the driver said.
        expect(peers.status).toBe(503);
        expect(peers.json).toEqual({ error: "unavailable", message: expect.any(String) });
      } finally {
        await gateway.close();
        await db.cleanup();
      }
    });
  });

  describe(`open mode on ${backend.title}`, () => {
    it("allows every request without a token and warns at start", async () => {
      const db = await backend.create();
      const logs: GatewayLogEntry[] = [];
      const gateway = await startGateway({
        port: 0,
        database: db.database,
        listenDatabase: db.listenDatabase,
        adminToken: null,
        logger: (entry) => logs.push(entry),
      });
      try {
        expect(gateway.authMode).toBe("open");
        expect(logs.some((entry) => entry.level === "warn" && /open mode/.test(entry.msg))).toBe(
          true,
        );
        expect((await register(gateway, "solo", null)).status).toBe(201);
        const sent = await send(gateway, { from_node: "solo", to_node: "solo" }, { token: null });
        expect(sent.status).toBe(201);
        const all = await call(gateway, "GET", "/messages", { token: null });
        expect(all.json.messages).toHaveLength(1);
        const issued = await call(gateway, "POST", "/admin/tokens", {
          body: { peer: "solo" },
          token: null,
        });
        expect(issued.status).toBe(201);
      } finally {
        await gateway.close();
        await db.cleanup();
      }
    });
  });
}
