import { describe, expect, it } from "vitest";
import {
  captureLogger,
  manualClock,
  type PeersReply,
  type PeersServer,
  startPeersServer,
} from "../test/peers-server.js";
import { usePeersServer } from "../test/use-peers-server.js";
import { canonicalNames } from "./canonical-names.js";
import { GatewayUnreachableError } from "./gateway-unreachable-error.js";
import { clearRegistryCache } from "./registry-cache.js";
import { validateNodeName } from "./validate-node-name.js";

let server: PeersServer;

usePeersServer({ json: ["droplet", "lab-ovh"] }, (started) => {
  server = started;
});

const FAILURES: [string, PeersReply][] = [
  ["HTTP 500", { status: 500, body: '{"detail":"boom"}' }],
  ["HTTP 401", { status: 401, body: '{"detail":"no token"}' }],
  ["a body that is not JSON", { status: 200, body: "<html>oops</html>", contentType: "text/html" }],
  ["peers nested under data", { json: { data: { peers: [{ name: "droplet" }] } } }],
  ["a list without any name", { json: [{ weird_key: "x" }] }],
  ["a JSON string", { json: "droplet" }],
  ["a body that stops halfway", { hang: "body" }],
  ["no answer at all", { hang: "headers" }],
];

/**
 * Only a reply that never completes may end in the timeout. Every other failure gets a timeout
 * no loaded machine reaches, so it fails for its own reason and not because the clock ran out
 * first (which would still pass, without testing the failure the row names).
 */
const timeoutFor = (reply: PeersReply) =>
  typeof reply === "object" && "hang" in reply ? 100 : 60_000;

/** The failure text names a timeout exactly for the replies that never complete. */
function expectOwnCause(text: string, reply: PeersReply): void {
  if (typeof reply === "object" && "hang" in reply)
    expect(text).toContain("timed out after 100 ms");
  else expect(text).not.toContain("timed out");
}

describe("registry lookup failures", () => {
  it.each(FAILURES)("treats %s as an unreachable gateway", async (_label, reply) => {
    server.reply(reply);
    const err = await canonicalNames({ gatewayUrl: server.url, timeout: timeoutFor(reply) }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(GatewayUnreachableError);
    expect(err.message).toMatch(
      /^mesh-gateway at .* unreachable and no usable cached canonical_names \(error: GET \/peers[ :]/,
    );
    expectOwnCause(err.message, reply);
  });

  it.each(FAILURES)("never caches %s: the next lookup asks again", async (_label, reply) => {
    server.reply(reply);
    const err = await canonicalNames({ gatewayUrl: server.url, timeout: timeoutFor(reply) }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(GatewayUnreachableError);
    expectOwnCause(err.message, reply);
    server.reply({ json: ["droplet"] });
    await expect(canonicalNames({ gatewayUrl: server.url })).resolves.toEqual(new Set(["droplet"]));
    expect(server.requests).toHaveLength(2);
  });

  it("names the timeout in the cause", async () => {
    server.reply({ hang: "headers" });
    await expect(canonicalNames({ gatewayUrl: server.url, timeout: 50 })).rejects.toThrow(
      "GET /peers timed out after 50 ms",
    );
  });

  it("points at MESH_GATEWAY_TOKEN on 401 and 403", async () => {
    server.reply({ status: 403, body: "{}" });
    await expect(canonicalNames({ gatewayUrl: server.url })).rejects.toThrow("MESH_GATEWAY_TOKEN");
  });

  it("stops waiting for an injected fetch that ignores the abort signal", async () => {
    const neverSettles = (() => new Promise<Response>(() => {})) as typeof fetch;
    await expect(
      canonicalNames({ gatewayUrl: server.url, timeout: 30, fetch: neverSettles }),
    ).rejects.toThrow("timed out after 30 ms");
  });

  it("accepts the empty registry as valid and caches it", async () => {
    server.reply({ json: { peers: [] } });
    await expect(canonicalNames({ gatewayUrl: server.url })).resolves.toEqual(new Set());
    await expect(canonicalNames({ gatewayUrl: server.url })).resolves.toEqual(new Set());
    expect(server.requests).toHaveLength(1);
  });
});

describe("registry cache", () => {
  it("uses a fresh entry within ttlSeconds and refetches at expiry", async () => {
    const clock = manualClock();
    const options = { gatewayUrl: server.url, now: clock.now };
    await validateNodeName("droplet", options);
    clock.advanceSeconds(299);
    await validateNodeName("lab-ovh", options);
    expect(server.requests).toHaveLength(1);
    clock.advanceSeconds(1);
    await validateNodeName("droplet", options);
    expect(server.requests).toHaveLength(2);
  });

  it("honours a custom ttlSeconds", async () => {
    const clock = manualClock();
    const options = { gatewayUrl: server.url, now: clock.now, ttlSeconds: 10 };
    await canonicalNames(options);
    clock.advanceSeconds(9);
    await canonicalNames(options);
    expect(server.requests).toHaveLength(1);
    clock.advanceSeconds(1);
    await canonicalNames(options);
    expect(server.requests).toHaveLength(2);
  });

  it("refetches on every lookup with ttlSeconds 0", async () => {
    const options = { gatewayUrl: server.url, ttlSeconds: 0 };
    await canonicalNames(options);
    server.reply({ json: ["droplet", "lab-ovh", "gpu-wsl"] });
    await expect(validateNodeName("gpu-wsl", options)).resolves.toBe("gpu-wsl");
    await canonicalNames(options);
    expect(server.requests).toHaveLength(3);
  });

  it("keeps one entry per gateway URL", async () => {
    const other = await startPeersServer({ json: ["gpu-wsl"] });
    try {
      await expect(validateNodeName("droplet", { gatewayUrl: server.url })).resolves.toBe(
        "droplet",
      );
      await expect(validateNodeName("gpu-wsl", { gatewayUrl: other.url })).resolves.toBe("gpu-wsl");
      await expect(validateNodeName("gpu-wsl", { gatewayUrl: server.url })).rejects.toThrow(
        "is not in the gateway registry",
      );
      await expect(validateNodeName("droplet", { gatewayUrl: other.url })).rejects.toThrow(
        "is not in the gateway registry",
      );
      expect(server.requests).toHaveLength(1);
      expect(other.requests).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("shares one request among concurrent lookups of the same gateway", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.reply((_req, res) => {
      void gate.then(() => res.writeHead(200).end('["droplet","lab-ovh"]'));
    });
    const lookups = Promise.all([
      validateNodeName("drop", { gatewayUrl: server.url }),
      validateNodeName("lab-claude", { gatewayUrl: server.url }),
      canonicalNames({ gatewayUrl: server.url }),
      validateNodeName("droplet", { gatewayUrl: server.url, ttlSeconds: 0 }),
    ]);
    await expect.poll(() => server.requests.length).toBe(1);
    release();
    await expect(lookups).resolves.toEqual([
      "droplet",
      "lab-ovh",
      new Set(["droplet", "lab-ovh"]),
      "droplet",
    ]);
    expect(server.requests).toHaveLength(1);
  });

  it("refetches after clearRegistryCache", async () => {
    await canonicalNames({ gatewayUrl: server.url });
    clearRegistryCache();
    await canonicalNames({ gatewayUrl: server.url });
    expect(server.requests).toHaveLength(2);
  });

  it("does not let a request started before clearRegistryCache refill the cache", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.reply((_req, res) => {
      void gate.then(() => res.writeHead(200).end('["droplet"]'));
    });
    const first = canonicalNames({ gatewayUrl: server.url });
    await expect.poll(() => server.requests.length).toBe(1);
    clearRegistryCache();
    release();
    await first;
    server.reply({ json: ["lab-ovh"] });
    await expect(canonicalNames({ gatewayUrl: server.url })).resolves.toEqual(new Set(["lab-ovh"]));
  });

  it("returns a copy that cannot change the cache", async () => {
    const names = (await canonicalNames({ gatewayUrl: server.url })) as Set<string>;
    names.add("ghost-peer");
    names.delete("droplet");
    await expect(canonicalNames({ gatewayUrl: server.url })).resolves.toEqual(
      new Set(["droplet", "lab-ovh"]),
    );
  });
});

describe("stale cache fallback", () => {
  it("serves a stale entry up to 3600 s old with a warning, then gives up", async () => {
    const clock = manualClock();
    const logger = captureLogger();
    const options = { gatewayUrl: server.url, now: clock.now, logger, token: "tok-very-secret-1" };
    await expect(validateNodeName("drop", options)).resolves.toBe("droplet");

    server.reply({ status: 502, body: "bad gateway" });
    clock.advanceSeconds(301);
    await expect(validateNodeName("drop", options)).resolves.toBe("droplet");
    await expect(validateNodeName("ghost-peer", options)).rejects.toThrow(
      "is not in the gateway registry",
    );
    expect(logger.warnings).toHaveLength(2);
    expect(logger.warnings[0]).toMatch(
      /mesh-gateway at .* unreachable \(error: GET \/peers failed with status 502: bad gateway\); using cached canonical_names from 301 s ago/,
    );

    clock.advanceSeconds(3600 - 301);
    await expect(canonicalNames(options)).resolves.toEqual(new Set(["droplet", "lab-ovh"]));

    clock.advanceSeconds(1);
    await expect(validateNodeName("drop", options)).rejects.toThrow(GatewayUnreachableError);
    await expect(validateNodeName("drop", { ...options, strict: false })).resolves.toBe("droplet");
    for (const warning of logger.warnings) expect(warning).not.toContain("tok-very-secret-1");
  });

  it("serves a stale entry for every kind of failure, ttlSeconds 0 included", async () => {
    const clock = manualClock();
    for (const [_label, reply] of FAILURES) {
      clearRegistryCache();
      server.reply({ json: ["droplet"] });
      const logger = captureLogger();
      const options = { gatewayUrl: server.url, now: clock.now, logger, ttlSeconds: 0 };
      // The first lookup must succeed: no short timeout can fail it on a loaded machine.
      await canonicalNames({ ...options, timeout: 60_000 });
      server.reply(reply);
      await expect(canonicalNames({ ...options, timeout: timeoutFor(reply) })).resolves.toEqual(
        new Set(["droplet"]),
      );
      expect(logger.warnings).toHaveLength(1);
      expectOwnCause(logger.warnings[0]!, reply);
    }
  });

  it("keeps the token out of warnings and errors even when the gateway echoes it", async () => {
    const token = "echoed-token-0123456789abcdef";
    const clock = manualClock();
    const logger = captureLogger();
    const options = { gatewayUrl: server.url, token, now: clock.now, logger, ttlSeconds: 0 };
    server.reply((req, res) => {
      res.writeHead(200).end(`not json, you sent ${req.headers.authorization}`);
    });
    const err = await canonicalNames(options).catch((e) => e);
    expect(err).toBeInstanceOf(GatewayUnreachableError);
    expect(err.message).toContain("[REDACTED]");
    expect(err.message).not.toContain(token);
    expect(err.cause.message).not.toContain(token);

    server.reply({ json: ["droplet"] });
    await canonicalNames(options);
    server.reply((req, res) => {
      res.writeHead(200).end(`${"x".repeat(185)}${req.headers.authorization}`);
    });
    await canonicalNames(options);
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]).not.toContain(token.slice(0, 8));
  });
});
