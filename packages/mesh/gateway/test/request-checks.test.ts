import { describe, expect, it } from "vitest";
import type { GatewayLogEntry } from "../src/index.js";
import { ADMIN_TOKEN, call, gatewaysClosedAfterEach, register } from "./helpers.js";
import { rawRequest } from "./raw-http.js";

const start = gatewaysClosedAfterEach();

const errorBody = (code: string) => ({ error: code, message: expect.any(String) });

describe("Host names in open mode", () => {
  it.each([
    ["localhost", 200],
    ["localhost:8788", 200],
    ["LOCALHOST:1", 200],
    ["127.0.0.1:65535", 200],
    ["[::1]:8788", 200],
    ["[::1]", 200],
    ["evil.example", 421],
    ["localhost.evil.example", 421],
    ["127.0.0.1.nip.io:8788", 421],
    ["gateway.lan:8788", 200],
    ["GATEWAY.LAN", 200],
  ])("answers Host %s with %i", async (host, status) => {
    const gateway = await start({ adminToken: null, allowedHosts: ["gateway.lan"] });
    const result = await rawRequest(gateway.url, `GET /peers HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    expect(result.status).toBe(status);
    if (status === 421) expect(result.body).toEqual(errorBody("misdirected_request"));
  });

  it("answers any Host when an admin token is configured", async () => {
    const gateway = await start();
    const result = await rawRequest(
      gateway.url,
      `GET /peers HTTP/1.1\r\nHost: evil.example\r\nAuthorization: Bearer ${ADMIN_TOKEN}\r\n\r\n`,
    );
    expect(result.status).toBe(200);
  });

  it("refuses an allowedHosts entry that is not a host name", async () => {
    await expect(start({ adminToken: null, allowedHosts: ["gateway.lan:8788"] })).rejects.toThrow(
      /allowedHosts/,
    );
  });
});

describe("the JSON error body wherever the server can answer", () => {
  it.each([
    ["a missing Host", "GET /health HTTP/1.1\r\n\r\n", 400, "invalid_body"],
    ["two Host headers", "GET /health HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "invalid_body"],
    [
      "an unknown Expect",
      `POST /messages HTTP/1.1\r\nHost: x\r\nExpect: magic\r\nContent-Type: application/json\r\nContent-Length: 2\r\nAuthorization: Bearer ${ADMIN_TOKEN}\r\n\r\n{}`,
      417,
      "invalid_body",
    ],
    [
      "CONNECT",
      "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
      405,
      "method_not_allowed",
    ],
  ])("answers %s with %i", async (_what, request, status, code) => {
    const gateway = await start();
    const result = await rawRequest(gateway.url, request);
    expect(result.status).toBe(status);
    expect(result.body).toEqual(errorBody(code));
  });

  it("answers a request that arrives while the gateway shuts down with 503 unavailable", async () => {
    const gateway = await start();
    const { hostname, port } = new URL(gateway.url);
    const net = await import("node:net");
    const socket = net.connect(Number(port), hostname);
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString("latin1");
    });
    const closed = new Promise((resolve) => socket.on("close", resolve));
    // A body under way keeps the connection busy, so closing does not drop it as idle.
    const body = JSON.stringify({ name: "alice" });
    socket.write(
      `POST /peers/register HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ADMIN_TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 3)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closing = gateway.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write(
      `${body.slice(3)}GET /peers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ADMIN_TOKEN}\r\n\r\n`,
    );
    await closing;
    await closed;
    const second = data.slice(data.indexOf("HTTP/1.1", 10));
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(JSON.parse(second.slice(second.indexOf("\r\n\r\n") + 4))).toEqual(
      errorBody("unavailable"),
    );
  });
});

describe("JSON-only writes", () => {
  it.each([
    ["text/plain", "text/plain"],
    ["a form", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["JSON lookalike", "application/jsonx"],
  ])(
    "refuses a body sent as %s with 415 unsupported_media_type, storing nothing",
    async (_what, type) => {
      const gateway = await start({ adminToken: null });
      await register(gateway, "alice", null);
      const result = await call(gateway, "POST", "/peers/register", {
        raw: JSON.stringify({ name: "mallory" }),
        token: null,
        headers: { "content-type": type },
      });
      expect(result.status).toBe(415);
      expect(result.json).toEqual(errorBody("unsupported_media_type"));
      const peers = await call(gateway, "GET", "/peers", { token: null });
      expect(peers.json.peers.map((peer: { name: string }) => peer.name)).toEqual(["alice"]);
    },
  );

  it("refuses a body without a content type, and Content-Encoding: gzip on a plain body", async () => {
    const gateway = await start();
    const body = `{"name":"alice"}`;
    const bare = await rawRequest(
      gateway.url,
      `POST /peers/register HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ADMIN_TOKEN}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(bare.status).toBe(415);
    const gzip = await call(gateway, "POST", "/peers/register", {
      raw: body,
      headers: { "content-encoding": "gzip" },
    });
    expect(gzip.status).toBe(415);
    expect(gzip.json).toEqual(errorBody("unsupported_media_type"));
  });

  it("accepts application/json with parameters and in any case, and a write without a body", async () => {
    const gateway = await start();
    const charset = await call(gateway, "POST", "/peers/register", {
      body: { name: "alice" },
      headers: { "content-type": "Application/JSON; charset=utf-8" },
    });
    expect(charset.status).toBe(201);
    const empty = await call(gateway, "POST", "/messages/12345/read", {
      raw: "",
      headers: { "content-type": "text/plain" },
    });
    expect(empty.status).toBe(404);
    expect(empty.json).toEqual(errorBody("not_found"));
  });
});

describe("text", () => {
  it("refuses a body that is not valid UTF-8 with 400 invalid_text, storing nothing", async () => {
    const gateway = await start();
    for (const bytes of [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xc0, 0xaf]]) {
      const name = Buffer.concat([
        Buffer.from('{"name":"alice","note":"'),
        Buffer.from(bytes),
        Buffer.from('"}'),
      ]);
      const head = `POST /peers/register HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ADMIN_TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${name.length}\r\n\r\n`;
      const result = await rawRequest(gateway.url, Buffer.concat([Buffer.from(head), name]));
      expect(result.status).toBe(400);
      expect(result.body).toEqual(errorBody("invalid_text"));
    }
    expect((await call(gateway, "GET", "/peers")).json.peers).toEqual([]);
  });

  it("takes a 1 MiB send with a 500,000-element array in an extra field", async () => {
    const gateway = await start();
    await register(gateway, "alice");
    const filler = `[${"0,".repeat(499_999)}0]`;
    const raw = `{"from_node":"alice","to_node":"alice","kind":"fyi","content":"hi","extra":${filler}}`;
    expect(raw.length).toBeLessThan(1_048_576);
    expect((await call(gateway, "POST", "/messages", { raw })).status).toBe(201);
  });
});

describe("unknown paths", () => {
  it("answers an unknown path 401 without a token, 404 with one", async () => {
    const gateway = await start();
    expect((await call(gateway, "GET", "/nowhere", { token: null })).status).toBe(401);
    const found = await call(gateway, "GET", "/nowhere");
    expect(found.status).toBe(404);
    expect(found.json).toEqual(errorBody("not_found"));
    expect((await call(gateway, "DELETE", "/health", { token: null })).status).toBe(401);
  });

  it("counts unknown paths toward the token's rate limit", async () => {
    const gateway = await start({ rateLimitPerMinute: 5 });
    await register(gateway, "alice");
    const token = await gateway.issueToken("alice");
    const statuses: number[] = [];
    for (let index = 0; index < 7; index++) {
      statuses.push((await call(gateway, "GET", `/nowhere/${index}`, { token })).status);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
  });

  it("logs at most 200 characters of a path", async () => {
    const logs: GatewayLogEntry[] = [];
    const gateway = await start({ logger: (entry) => logs.push(entry) });
    await call(gateway, "GET", `/${"a".repeat(5000)}?q=1`);
    const line = logs.find((entry) => entry.msg === "request");
    expect(line?.["path"]).toBe(`/${"a".repeat(199)}`);
  });
});
