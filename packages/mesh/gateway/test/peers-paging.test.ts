import { MAX_PAGE_BYTES } from "@mesh/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningGateway, startGateway } from "../src/index.js";
import { ADMIN_TOKEN, call } from "./helpers.js";

describe("GET /peers paging", () => {
  let gateway: RunningGateway;
  const names = Array.from({ length: 5 }, (_, index) => `paged-${index}`);
  beforeAll(async () => {
    gateway = await startGateway({
      port: 0,
      database: ":memory:",
      adminToken: ADMIN_TOKEN,
      logger: false,
      rateLimitPerMinute: 0,
    });
    for (const name of names) {
      expect((await call(gateway, "POST", "/peers/register", { body: { name } })).status).toBe(201);
    }
  });
  afterAll(() => gateway.close());

  const namesOf = (json: unknown) =>
    (json as { peers: { name: string }[] }).peers.map((p) => p.name);

  it("answers the spec's shape with every peer and no Link when a client does not page", async () => {
    const all = await call(gateway, "GET", "/peers");
    expect(all.status).toBe(200);
    expect(namesOf(all.json)).toEqual(names);
    expect(all.headers.get("link")).toBeNull();
  });

  it("pages by name with limit and follows Link rel=next to the end", async () => {
    const seen: string[] = [];
    let path: string | undefined = "/peers?limit=2";
    let pages = 0;
    while (path !== undefined) {
      const page = await call(gateway, "GET", path);
      expect(page.status).toBe(200);
      seen.push(...namesOf(page.json));
      pages++;
      const link = page.headers.get("link");
      path = link === null ? undefined : /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
    }
    expect(seen).toEqual(names);
    expect(pages).toBe(3);
  });

  it.each(["0", "-1", "two", "1.5"])("refuses limit=%s with 400 invalid_query", async (limit) => {
    const refused = await call(gateway, "GET", `/peers?limit=${limit}`);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: "invalid_query" });
  });

  it("stops a page at 4 MiB of JSON and links to the rest", async () => {
    const big = { notes: "x".repeat(16_000) };
    const count = Math.ceil(MAX_PAGE_BYTES / 16_000) + 5;
    for (let index = 0; index < count; index++) {
      const name = `wide-${String(index).padStart(3, "0")}`;
      const registered = await call(gateway, "POST", "/peers/register", {
        body: { name, capabilities: big },
      });
      expect(registered.status).toBe(201);
    }
    const page = await call(gateway, "GET", "/peers?after=paged-4");
    expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(MAX_PAGE_BYTES + 20);
    const got = namesOf(page.json);
    expect(got.length).toBeLessThan(count);
    expect(page.headers.get("link")).toBe(`</peers?after=${got.at(-1)}>; rel="next"`);
    const rest = await call(gateway, "GET", `/peers?after=${got.at(-1)}`);
    expect(got.length + namesOf(rest.json).length).toBe(count);
  });
});
