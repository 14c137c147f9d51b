import { createServer, type IncomingHttpHeaders } from "node:http";
import { beforeEach, describe, expect, it } from "vitest";
import { serveOnLoopback } from "../test/serve-on-loopback.js";
import { GatewayTransport, type GatewayTransportOptions } from "./gateway-transport.js";
import { nodeHttpFetch } from "./node-http-fetch.js";

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const seen: Seen[] = [];
const server = createServer(async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
  res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
});

const loopback = serveOnLoopback(server);

beforeEach(() => {
  seen.length = 0;
});

function transport(options: Partial<GatewayTransportOptions> = {}): GatewayTransport {
  return new GatewayTransport({
    gatewayUrl: loopback(),
    token: "peer-token-0123456789",
    timeout: 5000,
    retries: 0,
    retryDelayMs: 0,
    ...options,
  });
}

describe("GatewayTransport", () => {
  it("joins the path to the address, keeping its path prefix, and encodes every query value", async () => {
    const thread = "a b&c=d/é?#+%";
    const answer = await transport({ gatewayUrl: `${loopback()}/mesh` }).request({
      method: "GET",
      path: "/messages",
      query: { to: "droplet", thread },
      idempotent: true,
    });
    expect(answer).toEqual({ ok: true });
    const url = new URL(seen[0]?.url ?? "", loopback());
    expect(url.pathname).toBe("/mesh/messages");
    expect(Object.fromEntries(url.searchParams)).toEqual({ to: "droplet", thread });
  });

  it("sends the bearer token with every call, and JSON headers only with a body", async () => {
    const http = transport();
    await http.request({ method: "GET", path: "/peers", idempotent: true });
    await http.request({
      method: "POST",
      path: "/messages",
      body: { kind: "fyi" },
      headers: { "idempotency-key": "key-1" },
      idempotent: false,
    });
    await http.request({ method: "POST", path: "/messages/1/read", idempotent: true });
    const [get, post, bare] = seen;
    expect(get?.headers).toMatchObject({ authorization: "Bearer peer-token-0123456789" });
    expect(get?.headers).not.toHaveProperty("content-type");
    expect(post?.headers).toMatchObject({
      authorization: "Bearer peer-token-0123456789",
      "content-type": "application/json",
      accept: "application/json",
      "idempotency-key": "key-1",
    });
    expect(JSON.parse(post?.body ?? "")).toEqual({ kind: "fyi" });
    expect(bare?.headers).not.toHaveProperty("content-type");
    expect(bare?.headers).toHaveProperty("authorization");
  });

  it("sends no Authorization header without a token", async () => {
    await transport({ token: undefined }).request({
      method: "GET",
      path: "/peers",
      idempotent: true,
    });
    expect(seen[0]?.headers).not.toHaveProperty("authorization");
  });

  it("leaves no deadline timer behind once a call ends, so a short-lived process can exit", async () => {
    const timers = () =>
      process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    const http = transport({ timeout: 60_000 });
    const before = timers();
    await http.request({ method: "GET", path: "/peers", idempotent: true });
    // Other timers of the process (the server's, the runner's) may end meanwhile, never start one per call.
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it.each([
    ["the global fetch", undefined],
    ["nodeHttpFetch", nodeHttpFetch],
  ])(
    "with %s, says an https address points at a plain-HTTP port instead of OpenSSL's internal line",
    async (_, fetch) => {
      const plain = loopback();
      const https = plain.replace(/^http:/, "https:");
      const error = await transport({ gatewayUrl: https, fetch })
        .request({
          method: "GET",
          path: "/peers",
          idempotent: true,
        })
        .then(
          () => undefined,
          (failure: unknown) => failure as Error,
        );
      expect(error?.message).toBe(
        `GET /peers: the mesh gateway at ${https} does not speak TLS (a plain-HTTP port?); set MESH_GATEWAY_URL to ${plain}, or put the gateway behind a TLS proxy and use its address`,
      );
      expect(error?.message).not.toMatch(/SSL routines|EPROTO/);
    },
  );
});
