import { describe, expect, it } from "vitest";
import { type FakeResponse, startFakeServer } from "./start-fake-server.js";

describe("startFakeServer", () => {
  it("listens on 127.0.0.1 on a free port and answers through the handler", async () => {
    await using server = await startFakeServer(() => ({ json: { ok: true } }));
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}/anything`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ ok: true });
  });

  it("records method, path, query, lowercased headers and body of every request", async () => {
    await using server = await startFakeServer(() => ({ status: 204 }));
    await fetch(`${server.url}/v1/usage?start=1&group_by=a&group_by=b`, {
      method: "POST",
      headers: { "X-Custom": "yes", "Content-Type": "application/json" },
      body: '{"a":1}',
    });
    await fetch(`${server.url}/second`);
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(first?.method).toBe("POST");
    expect(first?.path).toBe("/v1/usage");
    expect(first?.query.get("start")).toBe("1");
    expect(first?.query.getAll("group_by")).toEqual(["a", "b"]);
    expect(first?.headers["x-custom"]).toBe("yes");
    expect(first?.body).toBe('{"a":1}');
    expect(second?.method).toBe("GET");
    expect(second?.body).toBe("");
  });

  it("passes each request to the handler, which may be async", async () => {
    await using server = await startFakeServer(async (request) => ({
      status: request.path === "/missing" ? 404 : 200,
      json: { path: request.path, q: request.query.get("q") },
    }));
    const found = await fetch(`${server.url}/here?q=1`);
    expect(await found.json()).toEqual({ path: "/here", q: "1" });
    expect((await fetch(`${server.url}/missing`)).status).toBe(404);
  });

  it("answers 500 when the handler throws", async () => {
    await using server = await startFakeServer(() => {
      throw new Error("handler bug");
    });
    const response = await fetch(server.url);
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("handler bug");
  });

  it("answers queued responses first, one per request, in order", async () => {
    await using server = await startFakeServer(() => ({ json: "handler" }));
    server.enqueue({ status: 503, json: "first" }, { status: 429, json: "second" });
    const statuses: number[] = [];
    const bodies: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(server.url);
      statuses.push(response.status);
      bodies.push(await response.json());
    }
    expect(statuses).toEqual([503, 429, 200]);
    expect(bodies).toEqual(["first", "second", "handler"]);
  });

  it("sends a raw body as is, with the given headers", async () => {
    await using server = await startFakeServer(() => ({
      body: '{"data": [',
      headers: { "content-type": "application/json", "x-extra": "1" },
    }));
    const response = await fetch(server.url);
    expect(response.headers.get("x-extra")).toBe("1");
    expect(await response.text()).toBe('{"data": [');
  });

  it("sends an empty body when neither json nor body is given", async () => {
    await using server = await startFakeServer(() => ({ status: 202 }));
    const response = await fetch(server.url);
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("");
  });

  it("delays an answer by delayMs", async () => {
    await using server = await startFakeServer(() => ({ json: "late", delayMs: 300 }));
    const signal = AbortSignal.timeout(50);
    await expect(fetch(server.url, { signal })).rejects.toThrow();
    const response = await fetch(server.url);
    expect(await response.json()).toBe("late");
  });

  it("drops the connection when asked", async () => {
    await using server = await startFakeServer(() => ({ json: "never" }));
    server.enqueue({ drop: true });
    await expect(fetch(server.url)).rejects.toThrow();
    expect(await (await fetch(server.url)).json()).toBe("never");
  });

  it("drops the connection when a response cannot be written", async () => {
    await using server = await startFakeServer(() => ({ json: "fine" }));
    server.enqueue({ status: 42 });
    await expect(fetch(server.url)).rejects.toThrow();
    expect(await (await fetch(server.url)).json()).toBe("fine");
  });

  it("answers every request with failAll's response until reset", async () => {
    await using server = await startFakeServer(() => ({ json: "up" }));
    server.failAll({ status: 503, json: { error: "outage" } });
    expect((await fetch(server.url)).status).toBe(503);
    expect((await fetch(server.url)).status).toBe(503);
    server.reset();
    expect((await fetch(server.url)).status).toBe(200);
  });

  it("lets queued responses go before failAll's", async () => {
    await using server = await startFakeServer(() => ({ json: "up" }));
    server.failAll({ status: 500 });
    server.enqueue({ status: 418 });
    expect((await fetch(server.url)).status).toBe(418);
    expect((await fetch(server.url)).status).toBe(500);
  });

  it("reset drops queued responses and recorded requests", async () => {
    await using server = await startFakeServer(() => ({ json: "up" }));
    await fetch(server.url);
    server.enqueue({ status: 500 }, { status: 500 });
    server.reset();
    expect(server.requests).toHaveLength(0);
    expect((await fetch(server.url)).status).toBe(200);
    expect(server.requests).toHaveLength(1);
  });

  it("close stops listening, even with a request still waiting", async () => {
    const server = await startFakeServer(() => ({ json: "slow", delayMs: 5000 }));
    const pending = fetch(server.url).then(
      () => "answered",
      () => "failed",
    );
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await server.close();
    expect(await pending).toBe("failed");
    await expect(fetch(server.url)).rejects.toThrow();
  });

  it("closes at the end of an await using block", async () => {
    let url = "";
    {
      await using server = await startFakeServer(() => ({ json: 1 }));
      url = server.url;
      expect((await fetch(url)).status).toBe(200);
    }
    await expect(fetch(url)).rejects.toThrow();
  });

  it("gives each server its own port", async () => {
    const handler = (): FakeResponse => ({ json: 1 });
    await using a = await startFakeServer(handler);
    await using b = await startFakeServer(handler);
    expect(a.url).not.toBe(b.url);
  });
});
