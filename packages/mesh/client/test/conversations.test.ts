import { startGateway } from "@mesh/gateway";
import { clearRegistryCache } from "@mesh/names";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MeshClient, MeshGatewayError } from "../src/index.js";

const ADMIN_TOKEN = "admin-token-for-client-conversations-01";

type Gateway = Awaited<ReturnType<typeof startGateway>>;

let gateway: Gateway;
let amy: MeshClient;
let ben: MeshClient;
let cal: MeshClient;
let admin: MeshClient;

beforeAll(async () => {
  gateway = await startGateway({
    port: 0,
    database: ":memory:",
    adminToken: ADMIN_TOKEN,
    logger: false,
    contentGuard: "refuse",
  });
  const client = async (node: string) =>
    new MeshClient({ node, gatewayUrl: gateway.url, token: await gateway.issueToken(node) });
  [amy, ben, cal] = await Promise.all([client("amy"), client("ben"), client("cal")]);
  admin = new MeshClient({ node: "ops", gatewayUrl: gateway.url, token: ADMIN_TOKEN });
  for (const peer of [amy, ben, cal]) await peer.register();
  clearRegistryCache();
  await amy.send({
    to: "ben",
    kind: "question",
    content: "Ready for the release?",
    threadId: "rel",
  });
  await ben.send({ to: "amy", kind: "answer", content: "release notes done", threadId: "rel" });
  await amy.send({ to: "cal", kind: "fyi", content: "coffee at ten" });
  await cal.send({ to: "ben", kind: "fyi", content: "release party", threadId: "party" });
});

afterAll(async () => {
  await Promise.all([amy?.close(), ben?.close(), cal?.close(), admin?.close()]);
  await gateway?.close();
});

const contents = (rows: { content?: string | null }[]) => rows.map((row) => row.content);

describe("conversations through MeshClient", () => {
  it("reads a whole thread in both directions, the own rows included", async () => {
    expect(contents(await amy.thread("rel"))).toEqual([
      "Ready for the release?",
      "release notes done",
    ]);
    expect(await cal.thread("rel")).toEqual([]);
  });

  it("lists threads with the caller's counts", async () => {
    const threads = await ben.threads();
    expect(threads.map((thread) => thread.thread_id)).toEqual(["party", "rel"]);
    expect(threads[1]).toMatchObject({ peers: ["amy", "ben"], messages: 2, unread: 1 });
    expect((await ben.threads({ limit: 1, beforeId: threads[0]!.last_id }))[0]?.thread_id).toBe(
      "rel",
    );
    expect((await ben.threads({ q: "party" })).map((thread) => thread.thread_id)).toEqual([
      "party",
    ]);
    expect((await admin.threads({ peer: "cal" })).map((thread) => thread.thread_id)).toEqual([
      "party",
    ]);
  });

  it("reads the sent box and searches both directions", async () => {
    expect(contents(await amy.sent())).toEqual(["Ready for the release?", "coffee at ten"]);
    expect(contents(await amy.search("RELEASE"))).toEqual([
      "Ready for the release?",
      "release notes done",
    ]);
    expect(contents(await ben.search("rel", { with: "cal" }))).toEqual(["release party"]);
  });

  it("fetches an inbox narrowed by sender, peer and words", async () => {
    expect(contents(await ben.fetch({ from: "cal" }))).toEqual(["release party"]);
    expect(contents(await ben.fetch({ q: "ready" }))).toEqual(["Ready for the release?"]);
    expect(contents(await ben.fetch({ with: "amy" }))).toEqual(["Ready for the release?"]);
  });

  it("follows the Link header page by page", async () => {
    for (let index = 0; index < 5; index++) {
      await cal.send({ to: "amy", kind: "status", content: `step ${index}` });
    }
    const seen: string[] = [];
    for await (const message of amy.messages({ from: "cal", to: "amy", limit: 2 })) {
      seen.push(message.content ?? "");
    }
    expect(seen).toEqual(["step 0", "step 1", "step 2", "step 3", "step 4"]);
  });

  it("gets one message, and 404 for another peer's", async () => {
    const [first] = await amy.sent({ limit: 1 });
    expect((await ben.get(first!.id))?.content).toBe("Ready for the release?");
    const error = await cal.get(first!.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MeshGatewayError);
    expect(error).toMatchObject({ status: 404, serverCode: "not_found" });
  });

  it("asks the gateway to skip its generic rules when skipSecretCheck is set", async () => {
    const content = "example key AKIAIOSFODNN7EXAMPLE from the AWS docs";
    await expect(amy.send({ to: "ben", kind: "fyi", content })).rejects.toThrow();
    const sent = await amy.send({ to: "ben", kind: "fyi", content, skipSecretCheck: true });
    expect(sent?.to_node).toBe("ben");
  });

  it("finds a peer registered after the name cache was filled", async () => {
    await amy.listPeers();
    await amy.send({ to: "ben", kind: "fyi", content: "cache warm" });
    const late = new MeshClient({
      node: "late",
      gatewayUrl: gateway.url,
      token: await gateway.issueToken("late"),
    });
    await late.register();
    await new Promise((resolve) => setTimeout(resolve, 5100));
    const sent = await amy.send({ to: "late", kind: "fyi", content: "welcome" });
    expect(sent?.to_node).toBe("late");
    await late.close();
  }, 15_000);
});
