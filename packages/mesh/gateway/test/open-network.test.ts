import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import type { RunningGateway } from "../src/index.js";
import { ADMIN_TOKEN, call, gatewaysClosedAfterEach, register, send } from "./helpers.js";
import { rawRequest, stalledConnection } from "./raw-http.js";

const start = gatewaysClosedAfterEach();

async function peerWithToken(gateway: RunningGateway, name: string): Promise<string> {
  expect((await register(gateway, name)).status).toBe(201);
  return gateway.issueToken(name);
}

/** A request head; a POST says its body is JSON, as every write must. */
const head = (method: string, path: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${method === "POST" ? "Content-Type: application/json\r\n" : ""}${Object.entries(
    headers,
  )
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;

describe("deadlines and connection closing", () => {
  it("answers a body not received in time with 408 request_timeout as JSON and closes", async () => {
    const gateway = await start({ requestBodyTimeoutMs: 300 });
    const result = await stalledConnection(
      gateway.url,
      `${head("POST", "/messages", { authorization: `Bearer ${ADMIN_TOKEN}`, "content-length": 1000 })}{"from`,
    );
    expect(result.status).toBe(408);
    expect(result.body).toEqual({ error: "request_timeout", message: expect.any(String) });
    expect(result.closed).toBe(true);
  });

  it("closes 200 stalled connections, each with a 408", async () => {
    const gateway = await start({ requestBodyTimeoutMs: 300 });
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        stalledConnection(
          gateway.url,
          `${head("POST", "/messages", { authorization: `Bearer ${ADMIN_TOKEN}`, "content-length": 1_000_000 })}{`,
        ),
      ),
    );
    expect(results.every((result) => result.closed && result.status === 408)).toBe(true);
    expect((await call(gateway, "GET", "/health", { token: null })).status).toBe(200);
  });

  it("closes a connection whose headers do not arrive in time, and an idle one", async () => {
    const gateway = await start({ requestBodyTimeoutMs: 300 });
    const partial = await stalledConnection(gateway.url, "GET /peers HTTP/1.1\r\nHost: x\r\n");
    expect(partial.closed).toBe(true);
    expect(partial.status).toBe(408);
    const silent = await stalledConnection(gateway.url, "");
    expect(silent.closed).toBe(true);
  });

  it("closes a keep-alive connection after it idles", async () => {
    const gateway = await start({ keepAliveTimeoutMs: 100 });
    const result = await stalledConnection(
      gateway.url,
      head("GET", "/health", { connection: "keep-alive" }),
    );
    expect(result.status).toBe(200);
    expect(result.closed).toBe(true);
  });

  it("closes the connection after an early 401 to an unauthenticated oversized body", async () => {
    const gateway = await start();
    const result = await stalledConnection(
      gateway.url,
      head("POST", "/messages", { "content-length": 1_000_000_000 }),
    );
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({ error: "unauthorized" });
    expect(result.closed).toBe(true);
  });

  it("closes the connection after an early 413 for a declared body over 1 MiB", async () => {
    const gateway = await start();
    const result = await stalledConnection(
      gateway.url,
      head("POST", "/messages", {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        "content-length": 2_000_000,
      }),
    );
    expect(result.status).toBe(413);
    expect(result.body).toMatchObject({ error: "payload_too_large" });
    expect(result.closed).toBe(true);
  });

  it("never cuts a wait long-poll that outlasts the body and idle deadlines", async () => {
    const gateway = await start({ requestBodyTimeoutMs: 200, keepAliveTimeoutMs: 100 });
    await register(gateway, "waiter");
    const result = await call(gateway, "GET", "/messages?to=waiter&wait=0.8");
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ messages: [] });
  });
});

describe("errors before routing", () => {
  const cases: Array<[string, string, number, string]> = [
    ["a malformed request line", "GET /peers HTTP/9.x\r\nHost: x\r\n\r\n", 400, "invalid_body"],
    ["an unknown method", "BREW /messages HTTP/1.1\r\nHost: x\r\n\r\n", 405, "method_not_allowed"],
    [
      "oversized headers",
      `GET /peers HTTP/1.1\r\nHost: x\r\nx-big: ${"a".repeat(20_000)}\r\n\r\n`,
      431,
      "payload_too_large",
    ],
    [
      "bad chunked framing",
      "POST /messages HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
      400,
      "invalid_body",
    ],
  ];
  for (const [what, request, status, code] of cases) {
    it(`answers ${what} with ${status} and the JSON error body`, async () => {
      const gateway = await start();
      const result = await rawRequest(gateway.url, request);
      expect(result.status).toBe(status);
      expect(result.body).toEqual({ error: code, message: expect.any(String) });
      expect(result.closed).toBe(true);
    });
  }
});

describe("bodies held in memory", () => {
  it("refuses a token past its share with 503 overloaded and Retry-After, and serves others", async () => {
    const bound = 64 * 1024;
    const gateway = await start({ maxBufferedBodyBytes: bound, requestBodyTimeoutMs: 1000 });
    const greedy = await peerWithToken(gateway, "greedy");
    const other = await peerWithToken(gateway, "other");
    await register(gateway, "sink");
    // Each stalled body sends 4 KiB: the token's share (8 KiB) holds two of them.
    const chunk = `{"from_node":"greedy","content":"${"a".repeat(4000)}`;
    const stalled = Array.from({ length: 6 }, () =>
      stalledConnection(
        gateway.url,
        `${head("POST", "/messages", { authorization: `Bearer ${greedy}`, "content-length": 100_000 })}${chunk}`,
      ),
    );
    const refused = await Promise.race(stalled);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ error: "overloaded" });
    expect(refused.closed).toBe(true);
    const metrics = await call(gateway, "GET", "/metrics");
    const held = Number(/^mesh_gateway_buffered_body_bytes (\d+)/m.exec(metrics.text)?.[1]);
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(bound / 8);
    const served = await send(gateway, { from_node: "other", to_node: "sink" }, { token: other });
    expect(served.status).toBe(201);
  });

  it("answers 503 with a Retry-After header", async () => {
    const gateway = await start({ maxBufferedBodyBytes: 8 * 1024 });
    const token = await peerWithToken(gateway, "big");
    await register(gateway, "sink");
    const result = await call(gateway, "POST", "/messages", {
      token,
      raw: JSON.stringify({
        from_node: "big",
        to_node: "sink",
        kind: "fyi",
        content: "a".repeat(5000),
      }),
    });
    expect(result.status).toBe(503);
    expect(result.json.error).toBe("overloaded");
    expect(Number(result.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("never holds more than the bound while many bodies stall", async () => {
    const bound = 32 * 1024;
    const gateway = await start({
      maxBufferedBodyBytes: bound,
      adminToken: null,
      requestBodyTimeoutMs: 1000,
    });
    const connections = Array.from({ length: 40 }, () =>
      stalledConnection(
        gateway.url,
        `${head("POST", "/messages", { "content-length": 50_000 })}${"x".repeat(3000)}`,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const metrics = await call(gateway, "GET", "/metrics", { token: null });
    const held = Number(/^mesh_gateway_buffered_body_bytes (\d+)/m.exec(metrics.text)?.[1]);
    expect(held).toBeLessThanOrEqual(bound);
    const results = await Promise.all(connections);
    expect(results.filter((result) => result.status === 503).length).toBeGreaterThan(0);
  });
});

describe("registration size and text", () => {
  it("refuses capabilities that are not a JSON object with 400 invalid_body", async () => {
    const gateway = await start();
    for (const capabilities of [[1], "text", 5, null, true]) {
      const result = await call(gateway, "POST", "/peers/register", {
        body: { name: "caps", capabilities },
      });
      expect(result.status, JSON.stringify(capabilities)).toBe(400);
      expect(result.json.error).toBe("invalid_body");
    }
  });

  it("refuses more than 64 keys or 16 KiB of capabilities and extras with 413", async () => {
    const gateway = await start();
    const keys = Object.fromEntries(Array.from({ length: 65 }, (_, index) => [`k${index}`, 1]));
    const tooMany = await call(gateway, "POST", "/peers/register", {
      body: { name: "many", capabilities: keys },
    });
    expect(tooMany.status).toBe(413);
    expect(tooMany.json.error).toBe("payload_too_large");
    const tooBig = await call(gateway, "POST", "/peers/register", {
      body: { name: "big", notes: "n".repeat(17_000) },
    });
    expect(tooBig.status).toBe(413);
    const fits = await call(gateway, "POST", "/peers/register", {
      body: { name: "fits", capabilities: { a: "a".repeat(8000) }, notes: "n".repeat(8000) },
    });
    expect(fits.status).toBe(201);
  });

  it("bounds extras that accumulate over re-registrations", async () => {
    const gateway = await start();
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      const result = await call(gateway, "POST", "/peers/register", {
        body: { name: "grower", [`field${round}`]: "x".repeat(3000) },
      });
      statuses.push(result.status);
    }
    expect(statuses.slice(0, 5)).toEqual([201, 200, 200, 200, 200]);
    expect(statuses.slice(6)).toEqual([413, 413, 413, 413]);
    const peers = await call(gateway, "GET", "/peers");
    expect(peers.text.length).toBeLessThan(20_000);
  });

  it("refuses a lone surrogate anywhere in a body with 400 invalid_text, and keeps pairs", async () => {
    const gateway = await start();
    await register(gateway, "from-a");
    await register(gateway, "to-b");
    const lone = await call(gateway, "POST", "/messages", {
      raw: '{"from_node":"from-a","to_node":"to-b","kind":"fyi","content":"bad \\ud800 text"}',
    });
    expect(lone.status).toBe(400);
    expect(lone.json.error).toBe("invalid_text");
    const key = await call(gateway, "POST", "/peers/register", {
      raw: '{"name":"from-a","capabilities":{"\\udc00":1}}',
    });
    expect(key.json.error).toBe("invalid_text");
    const pair = await call(gateway, "POST", "/messages", {
      raw: '{"from_node":"from-a","to_node":"to-b","kind":"fyi","content":"ok \\ud83d\\ude80"}',
    });
    expect(pair.status).toBe(201);
  });
});

describe("rate limits", () => {
  it("answers a peer token over its limit with 429 rate_limited and Retry-After; others and the admin go on", async () => {
    const gateway = await start({ rateLimitPerMinute: 5 });
    const busy = await peerWithToken(gateway, "busy");
    const calm = await peerWithToken(gateway, "calm");
    const statuses: number[] = [];
    for (let index = 0; index < 7; index++) {
      statuses.push((await call(gateway, "GET", "/messages", { token: busy })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const limited = await call(gateway, "GET", "/messages", { token: busy });
    expect(limited.json.error).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(gateway, "GET", "/messages", { token: calm })).status).toBe(200);
    for (let index = 0; index < 10; index++) {
      expect((await call(gateway, "GET", "/peers")).status).toBe(200);
    }
  });

  it("turns the limit off with 0", async () => {
    const gateway = await start({ rateLimitPerMinute: 0 });
    const token = await peerWithToken(gateway, "free");
    for (let index = 0; index < 30; index++) {
      expect((await call(gateway, "GET", "/peers", { token })).status).toBe(200);
    }
  });

  it("answers failed authentications over the limit per address with 429, while valid tokens still work", async () => {
    const gateway = await start({ authFailuresPerMinute: 3 });
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) {
      statuses.push((await call(gateway, "GET", "/peers", { token: `wrong-${index}` })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const limited = await call(gateway, "GET", "/peers", { token: null });
    expect(limited.json.error).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(gateway, "GET", "/peers")).status).toBe(200);
  });
});

describe("disabled senders and idempotency", () => {
  it("lets a disabled peer read its inbox and refuses its sends with 403 sender_disabled", async () => {
    const gateway = await start();
    const token = await peerWithToken(gateway, "muted");
    await register(gateway, "friend");
    await call(gateway, "PATCH", "/peers/muted", { body: { enabled: false } });
    expect((await call(gateway, "GET", "/messages", { token })).status).toBe(200);
    const refused = await send(gateway, { from_node: "muted", to_node: "friend" }, { token });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("sender_disabled");
    const byAdmin = await send(gateway, { from_node: "muted", to_node: "friend" });
    expect(byAdmin.json.error).toBe("sender_disabled");
  });

  it("returns the stored message for a repeat even after the recipient was disabled", async () => {
    const gateway = await start();
    await register(gateway, "ida");
    await register(gateway, "ivan");
    const headers = { "idempotency-key": "k-disabled" };
    const first = await send(gateway, { from_node: "ida", to_node: "ivan" }, { headers });
    await call(gateway, "PATCH", "/peers/ivan", { body: { enabled: false } });
    const repeat = await send(gateway, { from_node: "ida", to_node: "ivan" }, { headers });
    expect(repeat.status).toBe(200);
    expect(repeat.json).toEqual(first.json);
  });

  it("refuses the same key for a different message with 409 idempotency_key_conflict, storing nothing", async () => {
    const gateway = await start();
    for (const name of ["kay", "kim", "kit"]) await register(gateway, name);
    const base = { from_node: "kay", to_node: "kim", kind: "fyi", content: "one", thread_id: "t" };
    const headers = { "idempotency-key": "k-conflict" };
    expect((await send(gateway, base, { headers })).status).toBe(201);
    for (const change of [
      { to_node: "kit" },
      { kind: "status" },
      { content: "two" },
      { thread_id: "u" },
      { related_task_id: "task" },
    ]) {
      const result = await send(gateway, { ...base, ...change }, { headers });
      expect(result.status, JSON.stringify(change)).toBe(409);
      expect(result.json.error).toBe("idempotency_key_conflict");
    }
    const all = await call(gateway, "GET", "/messages");
    expect(all.json.messages).toHaveLength(1);
  });

  it("refuses an Idempotency-Key given twice, empty or over 200 characters with 400", async () => {
    const gateway = await start();
    await register(gateway, "kev");
    const body = '{"from_node":"kev","to_node":"kev","kind":"fyi","content":"x"}';
    const twice = await rawRequest(
      gateway.url,
      `POST /messages HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ADMIN_TOKEN}\r\nIdempotency-Key: a\r\nIdempotency-Key: b\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ error: "invalid_idempotency_key" });
    for (const key of ["", "k".repeat(201)]) {
      const result = await send(
        gateway,
        { from_node: "kev", to_node: "kev" },
        { headers: { "idempotency-key": key } },
      );
      expect(result.status).toBe(400);
      expect(result.json.error).toBe("invalid_idempotency_key");
    }
    const longest = await send(
      gateway,
      { from_node: "kev", to_node: "kev" },
      { headers: { "idempotency-key": "k".repeat(200) } },
    );
    expect(longest.status).toBe(201);
  });
});

describe("observability", () => {
  it("serves Prometheus metrics to the admin only", async () => {
    const gateway = await start();
    const token = await peerWithToken(gateway, "probe");
    await send(gateway, { from_node: "probe", to_node: "probe" });
    const metrics = await call(gateway, "GET", "/metrics");
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(metrics.text).toMatch(/^mesh_gateway_messages_stored_total 1$/m);
    expect(metrics.text).toMatch(
      /^mesh_gateway_requests_total\{route="\/messages",method="POST",status="201"\} 1$/m,
    );
    expect(metrics.text).toContain("mesh_gateway_send_duration_seconds_bucket");
    expect(metrics.text).toContain("mesh_gateway_waiters 0");
    expect(metrics.text).toMatch(/^mesh_gateway_log_lines_dropped_total 0$/m);
    expect(metrics.text).toMatch(
      /^mesh_gateway_build_info\{version="\d+\.\d+\.\d+[^"]*",node="v\d/m,
    );
    expect(metrics.text).toMatch(/^mesh_gateway_peers\{state="enabled"\} 1$/m);
    expect(metrics.text).toMatch(/^mesh_gateway_unread_messages 1$/m);
    expect(metrics.text).toMatch(/^mesh_gateway_undelivered_messages 1$/m);
    expect(metrics.text).toMatch(/^mesh_gateway_oldest_unread_seconds\{peer="probe"\} \d/m);
    expect(metrics.text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(metrics.text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect((await call(gateway, "GET", "/metrics", { token })).status).toBe(403);
    expect((await call(gateway, "GET", "/metrics", { token: null })).status).toBe(401);
  });

  it("counts rate-limit and secret refusals", async () => {
    const gateway = await start({ rateLimitPerMinute: 1 });
    const token = await peerWithToken(gateway, "counted");
    await call(gateway, "GET", "/peers", { token });
    await call(gateway, "GET", "/peers", { token });
    await send(gateway, {
      from_node: "counted",
      to_node: "counted",
      content: `leak ${ADMIN_TOKEN}`,
    });
    const metrics = await call(gateway, "GET", "/metrics");
    expect(metrics.text).toMatch(/^mesh_gateway_rate_limited_total 1$/m);
    expect(metrics.text).toMatch(/^mesh_gateway_secret_refusals_total\{rule="known-secret"\} 1$/m);
  });
});
