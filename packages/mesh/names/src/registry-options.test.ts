import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PeersServer } from "../test/peers-server.js";
import { usePeersServer } from "../test/use-peers-server.js";
import { canonicalNames } from "./canonical-names.js";
import { resolveRegistryOptions } from "./registry-options.js";

let server: PeersServer;

usePeersServer({ json: ["droplet"] }, (started) => {
  server = started;
});

beforeEach(() => {
  vi.stubEnv("MESH_GATEWAY_TOKEN", undefined);
  vi.stubEnv("MESH_GATEWAY_URL", undefined);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The Authorization header the gateway receives for these options and environment. */
async function authorizationSent(token: string | undefined, envToken?: string) {
  if (envToken !== undefined) vi.stubEnv("MESH_GATEWAY_TOKEN", envToken);
  await canonicalNames({ gatewayUrl: server.url, token, ttlSeconds: 0 });
  return server.requests.at(-1)?.authorization;
}

describe("token", () => {
  it.each([
    ["a token", "tok-123", undefined, "Bearer tok-123"],
    ["a padded token, trimmed", "  tok-123 \n", undefined, "Bearer tok-123"],
    ["no token and no environment", undefined, undefined, undefined],
    ["an empty token and no environment", "", undefined, undefined],
    ["a blank token and no environment", "  \t", undefined, undefined],
    ["no token, environment set", undefined, " env-tok ", "Bearer env-tok"],
    ["an empty token, environment set", "", "env-tok", "Bearer env-tok"],
    ["a blank token, environment set", "   ", "env-tok", "Bearer env-tok"],
    ["a token, environment set", "tok-123", "env-tok", "Bearer tok-123"],
    ["no token, blank environment", undefined, "   ", undefined],
  ])("with %s sends %s/%s as %s", async (_label, token, envToken, expected) => {
    await expect(authorizationSent(token, envToken)).resolves.toBe(expected);
  });
});

describe("gateway address", () => {
  it("comes from MESH_GATEWAY_URL when no option is given, trailing slash removed", async () => {
    vi.stubEnv("MESH_GATEWAY_URL", `${server.url}/`);
    await expect(canonicalNames()).resolves.toEqual(new Set(["droplet"]));
    expect(server.requests.map((r) => r.url)).toEqual(["/peers"]);
  });

  it("prefers the option over MESH_GATEWAY_URL", () => {
    vi.stubEnv("MESH_GATEWAY_URL", "http://127.0.0.1:1");
    expect(resolveRegistryOptions({ gatewayUrl: "http://gw.example:8788/" }).gatewayUrl).toBe(
      "http://gw.example:8788",
    );
  });

  it("defaults to http://localhost:8788", () => {
    expect(resolveRegistryOptions().gatewayUrl).toBe("http://localhost:8788");
  });

  it("keeps a path prefix", () => {
    const resolved = resolveRegistryOptions({ gatewayUrl: "http://gw.example/mesh/" });
    expect(resolved.gatewayUrl).toBe("http://gw.example/mesh");
  });
});

describe("defaults", () => {
  it("resolves ttlSeconds 300, timeout 5000 ms, the global fetch and console", () => {
    const resolved = resolveRegistryOptions();
    expect(resolved.ttlSeconds).toBe(300);
    expect(resolved.timeout).toBe(5000);
    expect(resolved.fetch).toBe(globalThis.fetch);
    expect(resolved.logger).toBe(console);
    expect(resolved.token).toBeUndefined();
  });

  it("uses the injected fetch", async () => {
    const urls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    };
    await canonicalNames({ gatewayUrl: server.url, fetch: counting });
    expect(urls).toEqual([`${server.url}/peers`]);
  });
});

describe("frozen options", () => {
  it("are checked and resolved once, their environment fallbacks read then", () => {
    vi.stubEnv("MESH_GATEWAY_URL", "http://first.example:8788");
    const frozen = Object.freeze({ ttlSeconds: 1 });
    const open = { ttlSeconds: 1 };
    expect(resolveRegistryOptions(frozen).gatewayUrl).toBe("http://first.example:8788");
    vi.stubEnv("MESH_GATEWAY_URL", "http://second.example:8788");
    expect(resolveRegistryOptions(frozen).gatewayUrl).toBe("http://first.example:8788");
    expect(resolveRegistryOptions(open).gatewayUrl).toBe("http://second.example:8788");
  });

  it("take the global fetch at each call, as unfrozen ones do", () => {
    const frozen = Object.freeze({ gatewayUrl: "http://gateway.example:8788" });
    resolveRegistryOptions(frozen);
    const replaced = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", replaced);
    try {
      expect(resolveRegistryOptions(frozen).fetch).toBe(replaced);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("that are invalid throw on every call", () => {
    const frozen = Object.freeze({ ttlSeconds: -1 });
    for (let i = 0; i < 2; i++) {
      expect(() => resolveRegistryOptions(frozen)).toThrow(/ttlSeconds must be >= 0/);
    }
  });
});
