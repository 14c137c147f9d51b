import { createServer } from "node:net";
import { type FakeServer, startFakeServer } from "@discovery/testing";
import fc from "fast-check";
import * as v from "valibot";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DiscoveryError } from "./discovery-error.js";
import { fetchJson } from "./fetch-json.js";

let server: FakeServer;

beforeAll(async () => {
  server = await startFakeServer(() => ({ json: { hello: "world" } }));
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function failure(result: Awaited<ReturnType<typeof fetchJson>>): DiscoveryError {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.error;
}

/** A loopback port that refuses connections: bound, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("fetchJson", () => {
  it("returns the parsed body and status of a successful answer", async () => {
    server.enqueue({ status: 201, json: { items: [1, 2] } });
    const result = await fetchJson(`${server.url}/things`);
    expect(result).toEqual({ ok: true, status: 201, data: { items: [1, 2] } });
  });

  it("sends GET with an accept header and the caller's headers", async () => {
    await fetchJson(`${server.url}/list?page=2`, { headers: { authorization: "Bearer k" } });
    const [request] = server.requests;
    expect(request?.method).toBe("GET");
    expect(request?.path).toBe("/list");
    expect(request?.query.get("page")).toBe("2");
    expect(request?.headers["accept"]).toBe("application/json");
    expect(request?.headers["authorization"]).toBe("Bearer k");
  });

  it("sends a JSON body with its content type and the given method", async () => {
    await fetchJson(`${server.url}/usage`, { method: "POST", body: { a: [1, "x"] } });
    const [request] = server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({ a: [1, "x"] });
  });

  it.each([400, 401, 404, 429, 500, 503])(
    "reports HTTP %i as http_error with the status",
    async (status) => {
      server.enqueue({ status, json: { error: "nope" } });
      const error = failure(await fetchJson(`${server.url}/x`, { label: "Vendor call" }));
      expect(error).toBeInstanceOf(DiscoveryError);
      expect(error.code).toBe("http_error");
      expect(error.status).toBe(status);
      expect(error.message).toBe(`Vendor call: HTTP ${status}`);
    },
  );

  it.each([
    ["truncated JSON", '{"data": ['],
    ["HTML", "<html>bad gateway</html>"],
    ["empty body", ""],
  ])("reports %s as invalid_json", async (_name, body) => {
    server.enqueue({ body });
    const error = failure(await fetchJson(`${server.url}/x`));
    expect(error.code).toBe("invalid_json");
    expect(error.status).toBe(200);
  });

  it("reports a slow answer as timeout", async () => {
    server.enqueue({ delayMs: 1000, json: {} });
    const error = failure(await fetchJson(`${server.url}/slow`, { timeout: 50, label: "Slow" }));
    expect(error.code).toBe("timeout");
    expect(error.message).toBe("Slow: no answer within 50 ms");
  });

  it("reports a dropped connection as network_error", async () => {
    // Every answer drops: fetch retries a GET whose kept-alive socket was closed, and a single
    // drop then let the retry succeed (seen under load), so the test passed or failed by chance.
    server.failAll({ drop: true });
    const error = failure(await fetchJson(`${server.url}/x`));
    expect(error.code).toBe("network_error");
    expect(error.status).toBeUndefined();
  });

  it("reports a refused connection as network_error naming the cause", async () => {
    const port = await closedPort();
    const error = failure(await fetchJson(`http://127.0.0.1:${port}/x`));
    expect(error.code).toBe("network_error");
    expect(error.message).toContain("ECONNREFUSED");
    expect(error.message).toMatch(/cannot reach the server \(ECONNREFUSED: connection refused/);
    expect(error.message).not.toContain("TypeError");
  });

  it("says the host is not found for a name that does not resolve", async () => {
    const error = failure(await fetchJson("http://no-such-host.invalid/x", { timeout: 5000 }));
    expect(error.code).toBe("network_error");
    expect(error.message).toMatch(/ENOTFOUND: host not found|EAI_AGAIN/);
  });

  it("reports an invalid URL as network_error instead of throwing", async () => {
    const error = failure(await fetchJson("not a url"));
    expect(error.code).toBe("network_error");
    expect(error.message.startsWith("request:")).toBe(true);
  });

  it("reports a fetch that throws as network_error", async () => {
    const broken = (() => {
      throw new TypeError("boom");
    }) as unknown as typeof fetch;
    const error = failure(await fetchJson(`${server.url}/x`, { fetch: broken }));
    expect(error.code).toBe("network_error");
  });

  it("uses the given fetch", async () => {
    const seen: string[] = [];
    const counting: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const result = await fetchJson(`${server.url}/counted`, { fetch: counting });
    expect(result.ok).toBe(true);
    expect(seen).toEqual([`${server.url}/counted`]);
  });

  it("stops when the caller's signal aborts", async () => {
    server.enqueue({ delayMs: 1000, json: {} });
    const controller = new AbortController();
    const pending = fetchJson(`${server.url}/x`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = failure(await pending);
    expect(error.code).toBe("network_error");
  });

  it.each([
    ["fractional", 1500.5],
    ["negative", -5],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["beyond the timer range", 1e20],
  ])("accepts a %s timeout without throwing", async (_name, timeout) => {
    const result = await fetchJson(`${server.url}/x`, { timeout });
    // A negative timeout acts as 0 and may expire before the answer; anything else gets it.
    if (timeout < 0) {
      expect(result.ok || failure(result).code === "timeout").toBe(true);
    } else {
      expect(result.ok).toBe(true);
    }
  });

  it.each([
    ["a BigInt", { n: 1n }],
    [
      "a cycle",
      (() => {
        const cycle: Record<string, unknown> = {};
        cycle["self"] = cycle;
        return cycle;
      })(),
    ],
  ])("reports a body with %s as invalid_request without sending it", async (_name, body) => {
    const error = failure(await fetchJson(`${server.url}/x`, { method: "POST", body }));
    expect(error.code).toBe("invalid_request");
    expect(server.requests).toHaveLength(0);
  });

  it("names the host and path by default, never the query string", async () => {
    server.enqueue({ status: 403 });
    const error = failure(await fetchJson(`${server.url}/v1/skus?key=AIzaSECRET&pageSize=5`));
    expect(error.message).toBe(`${new URL(server.url).host}/v1/skus: HTTP 403`);
  });

  it("never puts query values or header values into error messages", async () => {
    server.failAll({ status: 500 });
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[A-Za-z0-9_-]{8,30}$/),
        fc.constantFrom<"status" | "drop" | "json">("status", "drop", "json"),
        async (secret, failureKind) => {
          server.reset();
          server.enqueue(
            failureKind === "status"
              ? { status: 500 }
              : failureKind === "drop"
                ? { drop: true }
                : { body: "not json" },
          );
          const result = await fetchJson(`${server.url}/p?key=${secret}`, {
            headers: { authorization: `Bearer ${secret}` },
          });
          const error = failure(result);
          expect(error.message).not.toContain(secret);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("replaces every echoed secret in the body before parsing it", async () => {
    const key = "sk-admin-echoed-0123456789";
    server.enqueue({ json: { raw: `key ${key}`, [key]: [key, { nested: `${key}${key}` }] } });
    const result = await fetchJson(`${server.url}/x`, { redact: [key] });
    expect(result).toEqual({
      ok: true,
      status: 200,
      data: {
        raw: "key [REDACTED]",
        "[REDACTED]": ["[REDACTED]", { nested: "[REDACTED][REDACTED]" }],
      },
    });
  });

  it("leaves the body alone for secrets that are missing or shorter than 8 characters", async () => {
    server.enqueue({ json: { total: "110.00", note: "abc" } });
    const result = await fetchJson(`${server.url}/x`, { redact: [undefined, "1", "abc", ""] });
    expect(result).toEqual({ ok: true, status: 200, data: { total: "110.00", note: "abc" } });
  });
});

describe("fetchJson with the schema of the expected body", () => {
  const Body = v.object({
    total: v.pipe(v.string(), v.transform(Number)),
    items: v.array(v.number()),
  });

  it("returns the schema's output for a body of that shape", async () => {
    server.enqueue({ json: { total: "1.5", items: [1, 2], extra: true } });
    const result = await fetchJson(`${server.url}/x`, { schema: Body });
    expect(result).toEqual({ ok: true, status: 200, data: { total: 1.5, items: [1, 2] } });
  });

  it.each([
    ["a field of the wrong type", { total: 1, items: [] }, "at total"],
    ["a missing field", { total: "1" }, "at items"],
    ["a wrong item", { total: "1", items: [1, "sk-admin-secret-0123456789"] }, "at items.1"],
    ["an array for an object", [{ total: "1", items: [] }], "at top level"],
    ["null", null, "at top level"],
  ])("reports %s as invalid_shape naming only the path", async (_, json, where) => {
    server.enqueue({ json });
    const error = failure(await fetchJson(`${server.url}/x`, { schema: Body, label: "Thing" }));
    expect(error.code).toBe("invalid_shape");
    expect(error.status).toBe(200);
    expect(error.message).toBe(`Thing: unexpected response shape ${where}`);
    expect(error.message).not.toContain("sk-admin");
  });

  it("checks the shape after redacting secrets", async () => {
    const key = "sk-admin-echoed-0123456789";
    server.enqueue({ json: { total: key, items: [] } });
    const result = await fetchJson(`${server.url}/x`, { schema: Body, redact: [key] });
    expect(result).toEqual({ ok: true, status: 200, data: { total: Number.NaN, items: [] } });
  });

  it("still reports transport failures before the shape", async () => {
    server.enqueue({ status: 500, json: { total: "1", items: [] } });
    expect(failure(await fetchJson(`${server.url}/x`, { schema: Body })).code).toBe("http_error");
  });
});
