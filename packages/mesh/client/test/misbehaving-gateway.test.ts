import { once } from "node:events";
import { clearRegistryCache } from "@mesh/names";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CredentialLeakError,
  InvalidPeerNameError,
  MeshAuthError,
  MeshClient,
  MeshError,
  MeshGatewayError,
  MeshValidationError,
  NotInRegistryError,
} from "../src/index.js";
import {
  json,
  messageRow,
  type ScriptedServer,
  startScriptedServer,
  text,
} from "./scripted-server.js";

const TOKEN = "peer-token-0123456789abcdefghijklmnopqrstuvwxyz";

let server: ScriptedServer;
let client: MeshClient;

function newClient(extra: Partial<ConstructorParameters<typeof MeshClient>[0]> = {}) {
  return new MeshClient({
    node: "droplet",
    gatewayUrl: server.url,
    token: TOKEN,
    retryDelayMs: 1,
    ...extra,
  });
}

beforeEach(async () => {
  clearRegistryCache();
  server = await startScriptedServer();
  client = newClient();
});

afterEach(async () => {
  await client.close();
  await server.close();
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Error)) throw new Error("expected the call to fail");
  return outcome;
}

describe("response decoding", () => {
  it.each([
    ["an object with key messages", { messages: [messageRow(1, "lab-ovh", "droplet")] }],
    ["a bare array", [messageRow(1, "lab-ovh", "droplet")]],
  ])("accepts %s from GET /messages", async (_label, body) => {
    server.handle((_req, res) => json(res, 200, body));
    const rows = await client.fetch();
    expect(rows.map((row) => row.id)).toEqual([1]);
  });

  it.each([
    ["an object with key peers", { peers: [{ name: "lab-ovh" }] }],
    ["a bare array", [{ name: "lab-ovh" }]],
  ])("accepts %s from GET /peers and fills the spec defaults", async (_label, body) => {
    server.handle((_req, res) => json(res, 200, body));
    const peers = await client.listPeers();
    expect(peers).toEqual([
      {
        name: "lab-ovh",
        url: null,
        capabilities: {},
        enabled: true,
        last_health: null,
        last_seen: null,
        registered_at: null,
      },
    ]);
  });

  it("reads an empty 2xx body as null or an empty list for every method", async () => {
    server.handle((_req, res) => {
      res.writeHead(200);
      res.end();
    });
    await expect(client.listPeers()).resolves.toEqual([]);
    await expect(client.fetch()).resolves.toEqual([]);
    await expect(client.register()).resolves.toBeNull();
    await expect(client.get(5)).resolves.toBeNull();
    await expect(client.threads()).resolves.toEqual([]);
    await expect(client.sent()).resolves.toEqual([]);
    await expect(client.search("words")).resolves.toEqual([]);
    await expect(client.thread("t-1")).resolves.toEqual([]);
  });

  it.each([
    ["an object without the array", JSON.stringify({ data: { messages: [] } })],
    ["a JSON string", JSON.stringify("hello")],
    ["a row missing its id", JSON.stringify([{ from_node: "a", to_node: "b" }])],
  ])("turns %s from GET /messages into a MeshGatewayError", async (_label, body) => {
    server.handle((_req, res) => text(res, 200, body, "application/json"));
    const error = await failure(client.fetch());
    expect(error).toBeInstanceOf(MeshGatewayError);
    expect(error).toBeInstanceOf(MeshError);
    expect((error as MeshGatewayError).path).toBe("/messages");
  });

  it("turns an object without the peers array into a MeshGatewayError", async () => {
    server.handle((_req, res) => json(res, 200, { data: { peers: [] } }));
    const error = await failure(client.listPeers());
    expect(error).toBeInstanceOf(MeshGatewayError);
    expect(error.message).toContain("GET /peers");
  });

  it("reports a non-JSON body with its first 200 characters", async () => {
    const garbage = `<html>${"x".repeat(400)}</html>`;
    server.handle((_req, res) => text(res, 200, garbage, "text/html"));
    const error = await failure(client.listPeers());
    expect(error).toBeInstanceOf(MeshGatewayError);
    expect(error.message).toContain(garbage.slice(0, 200));
    expect(error.message).not.toContain(garbage.slice(0, 201));
  });

  it("reports a status error with method, path, status and the first 500 characters", async () => {
    const body = `{"error":"boom","message":"${"y".repeat(800)}"}`;
    server.handle((_req, res) => text(res, 500, body, "application/json"));
    const error = (await failure(client.markRead(7))) as MeshGatewayError;
    expect(error).toBeInstanceOf(MeshGatewayError);
    expect(error).not.toBeInstanceOf(MeshAuthError);
    expect(error).toMatchObject({ method: "POST", path: "/messages/7/read", status: 500 });
    expect(error.message).toContain("POST /messages/7/read");
    expect(error.message).toContain("500");
    expect(error.message).toContain(body.slice(0, 500));
    expect(error.message).not.toContain(body.slice(0, 501));
  });

  it("treats an empty mark-read body as success with no value", async () => {
    server.handle((_req, res) => {
      res.writeHead(200);
      res.end();
    });
    await expect(client.markRead(3)).resolves.toBeUndefined();
    server.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(client.markRead(4)).resolves.toBeUndefined();
  });

  it("never repeats the token in an error message, even when the body echoes it", async () => {
    server.handle((req, res) => text(res, 400, `bad request from ${req.headers.authorization}`));
    const error = await failure(client.listPeers());
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).toContain("[REDACTED]");
  });
});

describe("authentication", () => {
  it.each([401, 403])(
    "maps %i to a MeshAuthError that points at MESH_GATEWAY_TOKEN",
    async (status) => {
      server.handle((_req, res) => json(res, status, { error: "unauthorized", message: "no" }));
      const error = (await failure(client.listPeers())) as MeshAuthError;
      expect(error).toBeInstanceOf(MeshAuthError);
      expect(error).toBeInstanceOf(MeshGatewayError);
      expect(error.status).toBe(status);
      expect(error.message).toContain("MESH_GATEWAY_TOKEN");
      expect(error.message).not.toContain(TOKEN);
      // An auth failure is not transient: one request only.
      expect(server.count("GET", "/peers")).toBe(1);
    },
  );

  it("sends the bearer token, and no Authorization header without a token", async () => {
    server.handle((_req, res) => json(res, 200, []));
    await client.listPeers();
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    vi.stubEnv("MESH_GATEWAY_TOKEN", "");
    const anonymous = new MeshClient({ node: "droplet", gatewayUrl: server.url, token: " " });
    try {
      await anonymous.listPeers();
    } finally {
      await anonymous.close();
      vi.unstubAllEnvs();
    }
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();
  });
  it.each([
    ["no token option", {}],
    ["a blank token option", { token: "  " }],
  ])("falls back to MESH_GATEWAY_TOKEN with %s, and the guard knows it", async (_what, extra) => {
    server.handle((_req, res) => json(res, 200, [{ name: "droplet" }]));
    const envToken = "env-token-0123456789abcdefghijklmnop";
    vi.stubEnv("MESH_GATEWAY_TOKEN", ` ${envToken} `);
    const fromEnv = new MeshClient({ node: "droplet", gatewayUrl: server.url, ...extra });
    try {
      await fromEnv.listPeers();
      expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${envToken}`);
      const before = server.requests.length;
      const refused = await failure(
        fromEnv.send({ to: "droplet", kind: "fyi", content: `token is ${envToken}` }),
      );
      expect(refused).toBeInstanceOf(CredentialLeakError);
      expect(server.requests.slice(before).some((r) => r.method === "POST")).toBe(false);
    } finally {
      await fromEnv.close();
      vi.unstubAllEnvs();
    }
  });
});

describe("transport failures", () => {
  it("times out a slow response with a MeshGatewayError carrying the cause", async () => {
    server.handle(async (_req, res) => {
      await once(res, "close");
    });
    const slow = newClient({ timeout: 100, retries: 0 });
    try {
      const error = (await failure(slow.listPeers())) as MeshGatewayError;
      expect(error).toBeInstanceOf(MeshGatewayError);
      expect(error.message).toContain("timed out after 100 ms");
      expect(error.cause).toBeDefined();
      expect(error.status).toBeUndefined();
    } finally {
      await slow.close();
    }
  });

  it("reports a dropped connection with its cause after the retries", async () => {
    server.handle((_req, res) => {
      res.socket?.destroy();
    });
    const error = (await failure(client.fetch())) as MeshGatewayError;
    expect(error).toBeInstanceOf(MeshGatewayError);
    expect(error.cause).toBeDefined();
    expect(server.count("GET", "/messages")).toBe(3);
  });

  it("reports an unreachable gateway as a MeshGatewayError", async () => {
    const url = server.url;
    await server.close();
    const offline = new MeshClient({ node: "droplet", gatewayUrl: url, retries: 0 });
    try {
      const error = await failure(offline.listPeers());
      expect(error).toBeInstanceOf(MeshGatewayError);
      expect(error.message).toContain(url);
      // The root cause, once, not the fetch layers' "fetch failed" wrappers quoting the request.
      expect(error.message).toContain("ECONNREFUSED");
      expect(error.message).not.toContain("fetch failed");
      expect(error.message).not.toContain('/peers"');
    } finally {
      await offline.close();
      server = await startScriptedServer();
    }
  });
});

describe("retries", () => {
  function failThenSucceed(failures: number, status: number, body: unknown) {
    let seen = 0;
    server.handle((_req, res) => {
      seen += 1;
      if (seen <= failures) {
        json(res, status, { error: "unavailable", message: "try later" });
      } else {
        json(res, 200, body);
      }
    });
  }

  it.each([502, 503, 504])("retries reads after %i and then succeeds", async (status) => {
    failThenSucceed(2, status, [messageRow(1, "lab-ovh", "droplet")]);
    const rows = await client.fetch();
    expect(rows).toHaveLength(1);
    expect(server.count("GET", "/messages")).toBe(3);
  });

  it("gives up after two retries", async () => {
    failThenSucceed(5, 503, []);
    const error = (await failure(client.listPeers())) as MeshGatewayError;
    expect(error.status).toBe(503);
    expect(server.count("GET", "/peers")).toBe(3);
  });

  it.each([400, 404, 409])("does not retry status %i", async (status) => {
    failThenSucceed(1, status, []);
    const error = (await failure(client.listPeers())) as MeshGatewayError;
    expect(error.isRetryable).toBe(false);
    expect(error.serverCode).toBe("unavailable");
    expect(server.count("GET", "/peers")).toBe(1);
  });

  it("waits as long as Retry-After asks before retrying", async () => {
    let seen = 0;
    server.handle((_req, res) => {
      seen += 1;
      if (seen === 1) {
        res.setHeader("retry-after", "1");
        json(res, 429, { error: "rate_limited", message: "slow down" });
      } else json(res, 200, []);
    });
    const started = Date.now();
    await client.listPeers();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.count("GET", "/peers")).toBe(2);
  });

  it("retries markRead, which is idempotent", async () => {
    failThenSucceed(1, 502, { name: "droplet" });
    await client.markRead(5);
    expect(server.count("POST", "/messages/5/read")).toBe(2);
  });

  it("never retries register", async () => {
    failThenSucceed(1, 502, { name: "droplet", url: "http://droplet:1" });
    const error = (await failure(client.register({ url: "http://droplet:1" }))) as MeshGatewayError;
    expect(error.status).toBe(502);
    expect(error.isRetryable).toBe(true);
    expect(server.count("POST", "/peers/register")).toBe(1);
  });

  it("never retries send", async () => {
    server.handle((req, res) => {
      if (req.path === "/messages") json(res, 502, { error: "bad_gateway", message: "down" });
    });
    const error = (await failure(
      client.send({ to: "lab-ovh", kind: "fyi", content: "hello" }),
    )) as MeshGatewayError;
    expect(error.status).toBe(502);
    expect(error.serverCode).toBe("bad_gateway");
    const post = server.requests.find((r) => r.method === "POST")!;
    expect(error.idempotencyKey).toBe(post.headers["idempotency-key"]);
    expect(server.count("POST", "/messages")).toBe(1);
  });

  it("never retries send after a dropped connection", async () => {
    server.handle((req, res) => {
      if (req.path === "/messages") res.socket?.destroy();
    });
    await failure(client.send({ to: "lab-ovh", kind: "fyi", content: "hello" }));
    expect(server.count("POST", "/messages")).toBe(1);
  });
});

describe("fetch", () => {
  it("sends `to` (never `to_node`), and unread_only and limit only when asked", async () => {
    server.handle((_req, res) => json(res, 200, []));
    await client.fetch();
    const plain = server.requests.at(-1)!.query;
    expect(Object.fromEntries(plain)).toEqual({ to: "droplet" });
    await client.fetch({ unreadOnly: false });
    expect(server.requests.at(-1)!.query.has("unread_only")).toBe(false);
    await client.fetch({ toNode: "lab-claude", unreadOnly: true, limit: 5 });
    expect(Object.fromEntries(server.requests.at(-1)!.query)).toEqual({
      to: "lab-ovh",
      unread_only: "true",
      limit: "5",
    });
  });

  it("sends after_id, thread and wait when asked", async () => {
    server.handle((_req, res) => json(res, 200, []));
    await client.fetch({ afterId: 7, threadId: "t-1", waitSeconds: 1 });
    expect(Object.fromEntries(server.requests.at(-1)!.query)).toEqual({
      to: "droplet",
      after_id: "7",
      thread: "t-1",
      wait: "1",
    });
  });

  it.each([{ waitSeconds: 31 }, { waitSeconds: -1 }, { afterId: -1 }, { threadId: "" }])(
    "refuses %j before any request",
    async (options) => {
      expect(await failure(client.fetch(options))).toBeInstanceOf(MeshValidationError);
      expect(server.requests).toHaveLength(0);
    },
  );

  it("drops own-sent rows only when reading its own inbox", async () => {
    const rows = [
      messageRow(1, "droplet", "droplet"),
      messageRow(2, "lab-ovh", "droplet"),
      messageRow(3, "droplet", "lab-ovh"),
    ];
    server.handle((_req, res) => json(res, 200, rows));
    expect((await client.fetch()).map((row) => row.id)).toEqual([2]);
    expect((await client.fetch({ toNode: "drop" })).map((row) => row.id)).toEqual([2]);
    expect((await client.fetch({ toNode: "lab-ovh" })).map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it("keeps unknown fields and ISO timestamps as strings", async () => {
    const row = messageRow(9, "lab-ovh", "droplet", {
      read_at: "2026-01-02T03:04:06.000Z",
      priority: "high",
      meta: { hops: 2 },
    });
    server.handle((_req, res) => json(res, 200, { messages: [row], next_cursor: 9 }));
    const [message] = await client.fetch();
    expect(message).toEqual(row);
    expect(typeof message?.created_at).toBe("string");
  });

  it("rejects a bad limit before any request", async () => {
    await expect(client.fetch({ limit: 0 })).rejects.toBeInstanceOf(MeshValidationError);
    await expect(client.fetch({ limit: 1.5 })).rejects.toBeInstanceOf(MeshValidationError);
    expect(server.requests).toHaveLength(0);
  });
});

describe("send", () => {
  it("posts from_node, the canonical recipient and omits absent optional fields", async () => {
    server.handle((req, res) => {
      if (req.method === "POST") {
        const body = JSON.parse(req.body);
        const { content: _content, ...record } = body;
        json(res, 201, { id: 41, created_at: "2026-01-02T03:04:05Z", ...record });
      }
    });
    const sent = await client.send({ to: "drop", kind: "question", content: "ready?" });
    const post = server.requests.find((r) => r.method === "POST");
    expect(JSON.parse(post!.body)).toEqual({
      from_node: "droplet",
      to_node: "droplet",
      kind: "question",
      content: "ready?",
    });
    expect(post!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent).toMatchObject({ id: 41, from_node: "droplet", to_node: "droplet" });
    expect(sent).not.toHaveProperty("content");
  });

  it("sends optional fields and the Idempotency-Key header when given", async () => {
    server.handle((req, res) => {
      if (req.method === "POST") json(res, 201, { ...messageRow(2, "droplet", "lab-ovh") });
    });
    await client.send({
      to: "lab-ovh",
      kind: "status",
      content: "done",
      relatedTaskId: "task-7",
      threadId: "thread-1",
      idempotencyKey: "key-123",
    });
    const post = server.requests.find((r) => r.method === "POST")!;
    expect(JSON.parse(post.body)).toMatchObject({
      related_task_id: "task-7",
      thread_id: "thread-1",
    });
    expect(post.headers["idempotency-key"]).toBe("key-123");
  });

  it("makes no request at all for an unknown kind or a malformed recipient", async () => {
    await expect(
      client.send({ to: "lab-ovh", kind: "shout" as never, content: "hi" }),
    ).rejects.toBeInstanceOf(MeshValidationError);
    const badName = await failure(client.send({ to: "Lab_OVH", kind: "fyi", content: "hi" }));
    expect(badName).toBeInstanceOf(InvalidPeerNameError);
    expect(badName).toBeInstanceOf(MeshValidationError);
    expect(server.requests).toHaveLength(0);
  });

  it("checks the kind before the recipient", async () => {
    const error = await failure(
      client.send({ to: "Bad Name", kind: "nope" as never, content: "" }),
    );
    expect(error).toBeInstanceOf(MeshValidationError);
    expect(error).not.toBeInstanceOf(InvalidPeerNameError);
    expect(error.message).toContain("fyi, question, answer, status, unblock");
  });

  it("refuses an unregistered recipient without posting", async () => {
    const error = await failure(client.send({ to: "ghost-peer", kind: "fyi", content: "hi" }));
    expect(error).toBeInstanceOf(NotInRegistryError);
    expect(error).toBeInstanceOf(MeshError);
    expect(server.count("POST", "/messages")).toBe(0);
  });

  it("refuses content holding the client's own token, even without a known shape", async () => {
    const error = await failure(
      client.send({ to: "lab-ovh", kind: "fyi", content: `use ${TOKEN} please` }),
    );
    expect(error).toBeInstanceOf(CredentialLeakError);
    expect(error).toBeInstanceOf(MeshError);
    expect(error.message).not.toContain(TOKEN);
    expect(server.count("POST", "/messages")).toBe(0);
  });

  it("lets skipSecretCheck bypass every guard check, including the known token", async () => {
    server.handle((req, res) => {
      if (req.method === "POST") json(res, 201, messageRow(3, "droplet", "lab-ovh"));
    });
    await client.send({
      to: "lab-ovh",
      kind: "fyi",
      content: `reviewed: ${TOKEN} and AKIAABCDEFGHIJKLMNOP`,
      skipSecretCheck: true,
    });
    expect(server.count("POST", "/messages")).toBe(1);
  });

  it("validates the recipient against this client's gateway with its token, even when unreachable", async () => {
    const registryAuth: (string | undefined)[] = [];
    server.handle((req, res) => {
      if (req.path === "/peers") {
        registryAuth.push(req.headers.authorization);
        res.socket?.destroy();
        return;
      }
      json(res, 201, messageRow(4, "droplet", "ghost-peer"));
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    // Registry unreachable: the check is skipped (non-strict) and the send goes through.
    try {
      await client.send({ to: "ghost-peer", kind: "fyi", content: "hi" });
      expect(warn).toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
    expect(registryAuth.length).toBeGreaterThan(0);
    expect(registryAuth.every((value) => value === `Bearer ${TOKEN}`)).toBe(true);
    expect(server.count("POST", "/messages")).toBe(1);
  });

  it("treats a success response without content as a success", async () => {
    server.handle((req, res) => {
      if (req.method === "POST") {
        const { content: _content, ...row } = messageRow(5, "droplet", "lab-ovh");
        json(res, 201, row);
      }
    });
    const sent = await client.send({ to: "lab-ovh", kind: "fyi", content: "hi" });
    expect(sent?.id).toBe(5);
    expect(server.count("POST", "/messages")).toBe(1);
  });

  it("resolves null for a 2xx send with an empty body, without resending", async () => {
    server.handle((req, res) => {
      if (req.method === "POST") text(res, 201, "");
    });
    expect(await client.send({ to: "lab-ovh", kind: "fyi", content: "hi" })).toBeNull();
    expect(server.count("POST", "/messages")).toBe(1);
  });

  it("generates a new Idempotency-Key for every send", async () => {
    server.handle((req, res) => {
      if (req.method === "POST") text(res, 201, "");
    });
    await client.send({ to: "lab-ovh", kind: "fyi", content: "one" });
    await client.send({ to: "lab-ovh", kind: "fyi", content: "one" });
    const keys = server.requests
      .filter((r) => r.method === "POST")
      .map((r) => r.headers["idempotency-key"]);
    expect(new Set(keys).size).toBe(2);
  });

  it("reports a 2xx send with something other than a message record, with its key", async () => {
    server.handle((req, res) => {
      if (req.method === "POST") json(res, 201, { ok: true });
    });
    const error = (await failure(
      client.send({ to: "lab-ovh", kind: "fyi", content: "hi", idempotencyKey: "k-9" }),
    )) as MeshGatewayError;
    expect(error).toBeInstanceOf(MeshGatewayError);
    expect(error.message).toContain("may have been delivered");
    expect(error.idempotencyKey).toBe("k-9");
    expect(server.count("POST", "/messages")).toBe(1);
  });
});

describe("lifecycle", () => {
  it("refuses calls after close, and close is idempotent", async () => {
    await client.close();
    await client.close();
    const error = await failure(client.listPeers());
    expect(error).toBeInstanceOf(MeshError);
    expect(error.message).toContain("closed");
    expect(server.requests).toHaveLength(0);
  });

  it("closes through await using", async () => {
    server.handle((_req, res) => json(res, 200, []));
    let leaked: MeshClient | undefined;
    {
      await using scoped = newClient();
      leaked = scoped;
      await scoped.listPeers();
    }
    await expect(leaked.listPeers()).rejects.toBeInstanceOf(MeshError);
  });

  it("uses a caller-supplied fetch", async () => {
    server.handle((_req, res) => json(res, 200, []));
    const calls: string[] = [];
    const custom = newClient({
      fetch: (input, init) => {
        calls.push(String(input instanceof Request ? input.url : input));
        return globalThis.fetch(input, init);
      },
    });
    try {
      await custom.listPeers();
    } finally {
      await custom.close();
    }
    expect(calls).toEqual([`${server.url}/peers`]);
  });
});

describe("watch", () => {
  it("yields each message once from a gateway that ignores after_id and wait", async () => {
    const inbox = [messageRow(1, "lab-ovh", "droplet"), messageRow(2, "droplet", "droplet")];
    server.handle((req, res) => {
      if (req.path === "/messages") json(res, 200, { messages: inbox });
    });
    const controller = new AbortController();
    const seen: number[] = [];
    const watching = (async () => {
      for await (const message of client.watch({ intervalMs: 5, signal: controller.signal })) {
        seen.push(message.id);
        if (seen.length === 1) inbox.push(messageRow(3, "gpu-wsl", "droplet"));
      }
    })();
    // Let several more polls see the same rows again; none of them may be yielded twice.
    while (seen.length < 2 || server.count("GET", "/messages") < 6) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    controller.abort();
    await watching;
    expect(seen).toEqual([1, 3]);
    const polls = server.requests.filter((r) => r.path === "/messages");
    expect(polls[0]?.query.get("to")).toBe("droplet");
    expect(polls[0]?.query.get("unread_only")).toBe("true");
    expect(polls[0]?.query.get("after_id")).toBe("0");
    expect(polls.at(-1)?.query.get("after_id")).toBe("3");
    expect(server.requests.some((r) => r.method === "POST")).toBe(false);
  });

  it("ends with the error when the gateway keeps failing", async () => {
    server.handle((req, res) => {
      if (req.path === "/messages") text(res, 500, "broken");
    });
    const iterator = client.watch({ intervalMs: 5 });
    await expect(iterator.next()).rejects.toBeInstanceOf(MeshGatewayError);
  });

  it("returns at once when the signal is already aborted", async () => {
    const iterator = client.watch({ signal: AbortSignal.abort() });
    await expect(iterator.next()).resolves.toEqual({ done: true, value: undefined });
    expect(server.requests).toHaveLength(0);
  });
});
