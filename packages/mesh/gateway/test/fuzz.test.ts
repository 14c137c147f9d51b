import fc from "fast-check";
import { expect, it } from "vitest";
import type { RunningGateway } from "../src/index.js";
import { BACKENDS } from "./backends.js";
import { call } from "./helpers.js";
import { suiteGateway } from "./suite-gateway.js";

const hostileString = fc.oneof(
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
  fc.constantFrom(
    "'; DROP TABLE messages; --",
    "\u0000",
    "\ud800",
    "alpha",
    "beta",
    "fyi",
    "1e400",
  ),
);
const fieldValue = fc.oneof(hostileString, fc.jsonValue({ maxDepth: 3 }));
const sendLike = fc.record(
  {
    from_node: fieldValue,
    to_node: fieldValue,
    kind: fc.oneof(fc.constantFrom("fyi", "question", "answer", "status", "unblock"), fieldValue),
    content: fieldValue,
    related_task_id: fieldValue,
    thread_id: fieldValue,
  },
  { requiredKeys: [] },
);
const registerLike = fc.record(
  { name: fieldValue, url: fieldValue, capabilities: fieldValue, extra: fieldValue },
  { requiredKeys: [] },
);

function expectClientError(result: { status: number; json: unknown }, what: string) {
  expect(result.status, what).toBeLessThan(500);
  if (result.status >= 400) {
    expect(result.json, what).toEqual({ error: expect.any(String), message: expect.any(String) });
  }
}

for (const { backend, describe } of BACKENDS) {
  describe(`random input on ${backend.title}`, () => {
    let gateway: RunningGateway;
    suiteGateway(backend, false, async (started) => {
      gateway = started;
      await call(gateway, "POST", "/peers/register", { body: { name: "alpha" } });
      await call(gateway, "POST", "/peers/register", { body: { name: "beta" } });
    });

    it("never answers random JSON bodies with a 5xx", async () => {
      const endpoints = [
        ["POST", "/messages"],
        ["POST", "/peers/register"],
        ["PATCH", "/peers/alpha"],
        ["POST", "/admin/tokens"],
        ["POST", "/messages/1/read"],
      ] as const;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...endpoints),
          fc.oneof(fc.jsonValue(), sendLike, registerLike),
          async ([method, path], body) => {
            const result = await call(gateway, method, path, { body: body ?? null });
            expectClientError(result, `${method} ${path} ${JSON.stringify(body)}`);
          },
        ),
        { numRuns: 150 },
      );
    });

    it("never answers random raw bodies, queries or ids with a 5xx", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.string({ unit: "binary", maxLength: 200 }),
          fc.dictionary(
            fc.constantFrom("to", "unread_only", "limit", "after_id", "wait", "to_node", "x"),
            hostileString,
          ),
          fc.oneof(hostileString, fc.bigInt().map(String)),
          async (raw, query, id) => {
            const posted = await call(gateway, "POST", "/messages", { raw });
            expectClientError(posted, `raw ${JSON.stringify(raw)}`);
            const params = new URLSearchParams(
              Object.entries(query).map(([key, value]) => [key, key === "wait" ? "0" : value]),
            );
            const fetched = await call(gateway, "GET", `/messages?${params}`);
            expectClientError(fetched, `query ${params}`);
            const marked = await call(
              gateway,
              "POST",
              `/messages/${encodeURIComponent(Buffer.from(id).toString())}/read`,
            );
            expectClientError(marked, `id ${JSON.stringify(id)}`);
          },
        ),
        { numRuns: 100 },
      );
    });

    it("refuses deeply nested capabilities with 400 instead of failing later", async () => {
      const nested = `${'{"a":'.repeat(5000)}{}${"}".repeat(5000)}`;
      const result = await call(gateway, "POST", "/peers/register", {
        raw: `{"name":"alpha","capabilities":${nested}}`,
      });
      expect(result.status).toBe(400);
      expect((await call(gateway, "GET", "/peers")).status).toBe(200);
    });
  });
}
