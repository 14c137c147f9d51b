import { MAX_PAGE_BYTES } from "@mesh/protocol";
import { beforeAll, expect, it } from "vitest";
import type { RunningGateway } from "../src/index.js";
import { BACKENDS } from "./backends.js";
import { call, register, send } from "./helpers.js";
import { suiteGateway } from "./suite-gateway.js";

interface Row {
  id: number;
  from_node: string;
  to_node: string;
  content: string;
  thread_id: string | null;
}

const contents = (result: { json: { messages: Row[] } }) =>
  result.json.messages.map((message) => message.content);

/** The `after_id` (or `before_id`) of a `Link: <...>; rel="next"` header. */
function nextCursor(link: string | null, name = "after_id"): number | undefined {
  if (link === null) return undefined;
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  expect(match).not.toBeNull();
  const url = new URL(match![1]!, "http://gateway.test");
  return Number(url.searchParams.get(name));
}

for (const { backend, describe } of BACKENDS) {
  describe(`conversations on ${backend.name}`, () => {
    let gateway: RunningGateway;
    const tokens: Record<string, string> = {};
    const peers = ["cv-alice", "cv-bob", "cv-carol", "cv-dave"] as const;
    const [alice, bob, carol, dave] = peers;
    const as = (peer: string, path: string) => call(gateway, "GET", path, { token: tokens[peer]! });
    const dm = (from: string, to: string, content: string, thread?: string) =>
      send(gateway, {
        from_node: from,
        to_node: to,
        content,
        ...(thread === undefined ? {} : { thread_id: thread }),
      }).then((result) => {
        expect(result.status).toBe(201);
        return result.json.id as number;
      });

    suiteGateway(
      backend,
      () => {},
      async (started) => {
        gateway = started;
      },
    );

    beforeAll(async () => {
      for (const peer of peers) {
        expect((await register(gateway, peer)).status).toBe(201);
        tokens[peer] = await gateway.issueToken(peer);
      }
      await dm(alice, bob, "Deploy the Staging server tonight", "t-deploy");
      await dm(bob, alice, "staging deployed, smoke tests green", "t-deploy");
      await dm(carol, bob, "lunch tomorrow?", "t-lunch");
      await dm(alice, carol, "unrelated note about deployment");
      // A second pair reuses a thread id: neither pair may see the other's messages.
      await dm(carol, dave, "our own deploy thread", "t-deploy");
    });

    it("returns nothing for a thread that does not exist, with and without to", async () => {
      for (const path of [
        "/messages?thread=nonexistent",
        `/messages?thread=nonexistent&to=${bob}`,
      ]) {
        const admin = await call(gateway, "GET", path);
        expect(admin.status).toBe(200);
        expect(admin.json.messages).toEqual([]);
      }
      expect(contents(await as(bob, "/messages?thread=nonexistent"))).toEqual([]);
    });

    it("reads a thread in both directions for a peer, only its own half of a reused id", async () => {
      expect(contents(await as(alice, "/messages?thread=t-deploy"))).toEqual([
        "Deploy the Staging server tonight",
        "staging deployed, smoke tests green",
      ]);
      expect(contents(await as(dave, "/messages?thread=t-deploy"))).toEqual([
        "our own deploy thread",
      ]);
      // With `to`, the inbox's messages of the thread only.
      expect(contents(await as(alice, `/messages?thread=t-deploy&to=${alice}`))).toEqual([
        "staging deployed, smoke tests green",
      ]);
      // The admin reads the whole thread.
      expect(contents(await call(gateway, "GET", "/messages?thread=t-deploy"))).toHaveLength(3);
    });

    it("reads a peer's sent box, one direction, and both directions with one peer", async () => {
      expect(contents(await as(alice, `/messages?from=${alice}`))).toEqual([
        "Deploy the Staging server tonight",
        "unrelated note about deployment",
      ]);
      expect(contents(await as(alice, `/messages?from=${alice}&to=${carol}`))).toEqual([
        "unrelated note about deployment",
      ]);
      expect(contents(await as(bob, `/messages?with=${alice}`))).toEqual([
        "Deploy the Staging server tonight",
        "staging deployed, smoke tests green",
      ]);
      expect(contents(await call(gateway, "GET", `/messages?with=${alice}&to=${bob}`))).toEqual([
        "Deploy the Staging server tonight",
        "staging deployed, smoke tests green",
      ]);
    });

    it("refuses readings outside a peer's rights and an admin with without its other side", async () => {
      expect((await as(bob, `/messages?from=${alice}`)).status).toBe(403);
      expect((await as(bob, `/messages?to=${alice}`)).status).toBe(403);
      expect((await as(bob, `/messages?from=${alice}&to=${carol}`)).status).toBe(403);
      const admin = await call(gateway, "GET", `/messages?with=${alice}`);
      expect(admin.status).toBe(400);
      expect(admin.json.error).toBe("invalid_query");
      expect((await call(gateway, "GET", "/messages?q=%21%21")).json.error).toBe("invalid_query");
      expect((await call(gateway, "GET", "/messages?from=Bad_Name")).json.error).toBe(
        "invalid_name",
      );
    });

    it("searches words case-insensitively, the last one as a prefix, within the caller's messages", async () => {
      expect(contents(await call(gateway, "GET", "/messages?q=STAGING%20deplo"))).toEqual([
        "Deploy the Staging server tonight",
        "staging deployed, smoke tests green",
      ]);
      // Every word must occur; a non-last word is not a prefix.
      expect(contents(await call(gateway, "GET", "/messages?q=stag%20deploy"))).toEqual([]);
      expect(contents(await as(carol, "/messages?q=deploy"))).toEqual([
        "unrelated note about deployment",
        "our own deploy thread",
      ]);
      expect(contents(await as(bob, "/messages?q=deploy&thread=t-deploy"))).toEqual([
        "Deploy the Staging server tonight",
        "staging deployed, smoke tests green",
      ]);
      expect(contents(await as(dave, "/messages?q=lunch"))).toEqual([]);
    });

    it("pages with a Link header carrying the same filters until the last page", async () => {
      const seen: string[] = [];
      let path = `/messages?from=${alice}&to=${bob}&limit=1`;
      for (const extra of ["p1", "p2", "p3"]) await dm(alice, bob, `paging ${extra}`);
      for (let pages = 0; pages < 10; pages++) {
        const result = await as(alice, path);
        seen.push(...contents(result));
        const link = result.headers.get("link");
        const after = nextCursor(link);
        if (after === undefined) break;
        expect(link).toContain(`from=${alice}`);
        path = `/messages?from=${alice}&to=${bob}&limit=1&after_id=${after}`;
      }
      expect(seen).toEqual([
        "Deploy the Staging server tonight",
        "paging p1",
        "paging p2",
        "paging p3",
      ]);
      const whole = await as(alice, `/messages?from=${alice}&to=${bob}`);
      expect(whole.headers.get("link")).toBeNull();
    });

    it("reads one message for its sender, its recipient and the admin, 404 for anyone else", async () => {
      const id = await dm(carol, bob, "just between us", "t-private");
      for (const reader of [carol, bob]) {
        const result = await as(reader, `/messages/${id}`);
        expect(result.status).toBe(200);
        expect(result.json).toMatchObject({ id, content: "just between us", read_at: null });
      }
      expect((await call(gateway, "GET", `/messages/${id}`)).json.content).toBe("just between us");
      for (const path of [`/messages/${id}`, "/messages/999999999"]) {
        const result = path.endsWith(String(id)) ? await as(alice, path) : await as(bob, path);
        expect(result.status).toBe(404);
        expect(result.json.error).toBe("not_found");
      }
      expect((await as(bob, "/messages/abc")).json.error).toBe("invalid_id");
    });

    it("lists the caller's threads newest first with counts of what it may read", async () => {
      const bobs = await as(bob, "/threads");
      expect(bobs.status).toBe(200);
      const deploy = bobs.json.threads.find(
        (t: { thread_id: string }) => t.thread_id === "t-deploy",
      );
      expect(deploy).toMatchObject({
        peers: [alice, bob],
        messages: 2,
        unread: 1,
        last_kind: "fyi",
      });
      expect(deploy.first_id).toBeLessThan(deploy.last_id);
      const ids = bobs.json.threads.map((t: { last_id: number }) => t.last_id);
      expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
      const daves = await as(dave, "/threads");
      expect(daves.json.threads).toEqual([
        expect.objectContaining({ thread_id: "t-deploy", peers: [carol, dave], messages: 1 }),
      ]);
      const all = await call(gateway, "GET", "/threads");
      const whole = all.json.threads.find((t: { thread_id: string }) => t.thread_id === "t-deploy");
      expect(whole).toMatchObject({ peers: [alice, bob, carol, dave], messages: 3, unread: 3 });
      expect((await as(bob, `/threads?peer=${alice}`)).status).toBe(403);
      expect((await call(gateway, "GET", `/threads?peer=${dave}`)).json.threads).toHaveLength(1);
    });

    it("pages threads with before_id and filters them by search words", async () => {
      const first = await as(bob, "/threads?limit=1");
      expect(first.json.threads).toHaveLength(1);
      const before = nextCursor(first.headers.get("link"), "before_id");
      expect(before).toBe(first.json.threads[0].last_id);
      const second = await as(bob, `/threads?limit=1&before_id=${before}`);
      expect(second.json.threads[0].last_id).toBeLessThan(before!);
      const found = await as(bob, "/threads?q=smoke");
      expect(found.json.threads.map((t: { thread_id: string }) => t.thread_id)).toEqual([
        "t-deploy",
      ]);
      expect((await as(dave, "/threads?q=smoke")).json.threads).toEqual([]);
    });

    it("does not move an inbox owner's last_seen when the admin reads that inbox", async () => {
      const seen = async () =>
        (await call(gateway, "GET", "/peers")).json.peers.find(
          (p: { name: string }) => p.name === carol,
        ).last_seen as string;
      const before = await seen();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await call(gateway, "GET", `/messages?to=${carol}`);
      expect(await seen()).toBe(before);
      await as(carol, "/messages");
      expect(Date.parse(await seen())).toBeGreaterThan(Date.parse(before));
    });

    it("stops a page at 4 MiB of JSON and links to the rest", async () => {
      const big = "x".repeat(60_000);
      const count = Math.ceil(MAX_PAGE_BYTES / big.length) + 2;
      await register(gateway, "cv-big");
      for (let index = 0; index < count; index++) {
        await send(gateway, { from_node: alice, to_node: "cv-big", content: big });
      }
      const page = await call(gateway, "GET", "/messages?to=cv-big&limit=1000");
      expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(MAX_PAGE_BYTES + 100);
      expect(page.json.messages.length).toBeLessThan(count);
      const after = nextCursor(page.headers.get("link"));
      expect(after).toBe(page.json.messages.at(-1).id);
      const rest = await call(gateway, "GET", `/messages?to=cv-big&limit=1000&after_id=${after}`);
      expect(page.json.messages.length + rest.json.messages.length).toBe(count);
      expect(rest.headers.get("link")).toBeNull();
    });
  });
}
