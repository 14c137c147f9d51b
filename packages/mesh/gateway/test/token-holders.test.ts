// GET /admin/tokens: who holds tokens, for the admin only, bounded and paged.
import { createHash } from "node:crypto";
import { DEFAULT_TOKEN_HOLDER_LIMIT, MAX_TOKEN_HOLDER_LIMIT } from "@mesh/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RunningGateway, startGateway } from "../src/index.js";
import { ADMIN_TOKEN, call, register } from "./helpers.js";

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe("GET /admin/tokens", () => {
  let gateway: RunningGateway;
  beforeEach(async () => {
    gateway = await startGateway({
      port: 0,
      database: ":memory:",
      adminToken: ADMIN_TOKEN,
      logger: false,
    });
  });
  afterEach(() => gateway.close());

  it("lists the peers holding tokens by name, registered or not, with counts and issue times, never a token", async () => {
    await register(gateway, "alice");
    const tokens = [
      await gateway.issueToken("alice"),
      await gateway.issueToken("alice"),
      await gateway.issueToken("dave"),
    ];
    const answer = await call(gateway, "GET", "/admin/tokens");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("link")).toBeNull();
    expect(answer.json).toEqual({
      holders: [
        {
          peer: "alice",
          tokens: 2,
          first_issued_at: expect.stringMatching(ISO),
          last_issued_at: expect.stringMatching(ISO),
          registered: true,
        },
        {
          peer: "dave",
          tokens: 1,
          first_issued_at: expect.stringMatching(ISO),
          last_issued_at: expect.stringMatching(ISO),
          registered: false,
        },
      ],
    });
    const [alice] = answer.json.holders;
    expect(alice.first_issued_at <= alice.last_issued_at).toBe(true);
    for (const token of tokens) {
      expect(answer.text).not.toContain(token);
      expect(answer.text).not.toContain(createHash("sha256").update(token).digest("hex"));
    }
    await call(gateway, "DELETE", "/admin/tokens/dave");
    const after = await call(gateway, "GET", "/admin/tokens");
    expect(after.json.holders.map((holder: { peer: string }) => holder.peer)).toEqual(["alice"]);
  });

  it("answers 401 without a token or with an unknown one, 403 to a peer token", async () => {
    await register(gateway, "alice");
    const peerToken = await gateway.issueToken("alice");
    const statuses = [
      await call(gateway, "GET", "/admin/tokens", { token: null }),
      await call(gateway, "GET", "/admin/tokens", { token: "not-a-token-0123456789" }),
      await call(gateway, "GET", "/admin/tokens", { token: peerToken }),
    ].map((answer) => [answer.status, answer.json.error]);
    expect(statuses).toEqual([
      [401, "unauthorized"],
      [401, "unauthorized"],
      [403, "forbidden"],
    ]);
  });

  it("refuses a limit below 1 and a cursor that is not a peer name", async () => {
    for (const query of ["limit=0", "limit=-3", "limit=ten", "after=Not%20A%20Name"]) {
      const answer = await call(gateway, "GET", `/admin/tokens?${query}`);
      expect([query, answer.status, answer.json.error]).toEqual([query, 400, "invalid_query"]);
    }
  });

  it(`gives at most ${MAX_TOKEN_HOLDER_LIMIT} rows a page (${DEFAULT_TOKEN_HOLDER_LIMIT} by default) and links the next page`, async () => {
    const names = Array.from(
      { length: MAX_TOKEN_HOLDER_LIMIT + 1 },
      (_, i) => `p${String(i).padStart(4, "0")}`,
    );
    for (const name of names) await gateway.issueToken(name);
    const peersOf = (answer: { json: { holders: { peer: string }[] } }) =>
      answer.json.holders.map((holder) => holder.peer);

    const byDefault = await call(gateway, "GET", "/admin/tokens");
    expect(peersOf(byDefault)).toEqual(names.slice(0, DEFAULT_TOKEN_HOLDER_LIMIT));
    expect(byDefault.headers.get("link")).toBe(
      `</admin/tokens?after=${names[DEFAULT_TOKEN_HOLDER_LIMIT - 1]}>; rel="next"`,
    );

    const most = await call(gateway, "GET", "/admin/tokens?limit=999999");
    expect(peersOf(most)).toEqual(names.slice(0, MAX_TOKEN_HOLDER_LIMIT));
    const link = most.headers.get("link") ?? "";
    const next = /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
    expect(next).toBe(`/admin/tokens?limit=999999&after=${names[MAX_TOKEN_HOLDER_LIMIT - 1]}`);

    const rest = await call(gateway, "GET", next ?? "");
    expect(peersOf(rest)).toEqual(names.slice(MAX_TOKEN_HOLDER_LIMIT));
    expect(rest.headers.get("link")).toBeNull();
  });
});
