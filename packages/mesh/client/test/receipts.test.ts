import { startGateway } from "@mesh/gateway";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MeshClient, type StreamEvent } from "../src/index.js";

const ADMIN_TOKEN = "admin-token-for-client-receipts-0001";

let gateway: Awaited<ReturnType<typeof startGateway>>;
let asker: MeshClient;
let helper: MeshClient;

beforeAll(async () => {
  gateway = await startGateway({
    port: 0,
    database: ":memory:",
    adminToken: ADMIN_TOKEN,
    logger: false,
    receiptSweepMs: 50,
  });
  const client = async (node: string) =>
    new MeshClient({ node, gatewayUrl: gateway.url, token: await gateway.issueToken(node) });
  [asker, helper] = await Promise.all([client("rc-asker"), client("rc-helper")]);
  await asker.register();
  await helper.register();
});

afterAll(async () => {
  await Promise.all([asker?.close(), helper?.close()]);
  await gateway?.close();
});

/** The next items of `stream` until `done` says enough. */
async function collect(
  stream: AsyncGenerator<StreamEvent, void, undefined>,
  done: (items: StreamEvent[]) => boolean,
): Promise<StreamEvent[]> {
  const items: StreamEvent[] = [];
  while (!done(items)) {
    const next = await stream.next();
    if (next.done === true) break;
    items.push(next.value);
  }
  return items;
}

describe("receipts through MeshClient", () => {
  it("streams tagged messages and receipts: delivered, read, answered in order", async () => {
    const controller = new AbortController();
    const stream = asker.stream({ receipts: true, afterId: 0, signal: controller.signal });
    // Receipts are not resumed: the first message through the stream shows it is connected.
    const first = stream.next();
    const ping = await helper.send({ to: "rc-asker", kind: "fyi", content: "ping" });
    expect((await first).value).toMatchObject({ type: "message", message: { id: ping!.id } });
    const question = await asker.send({
      to: "rc-helper",
      kind: "question",
      content: "ready?",
      threadId: "rc-1",
      replyBy: new Date(Date.now() + 3_600_000),
    });
    expect(question).toMatchObject({ state: "sent", reply_by: expect.any(String) });
    const [delivered] = (await helper.fetch()).filter((m) => m.id === question!.id);
    expect(delivered).toMatchObject({ state: "delivered" });
    await helper.markRead(question!.id);
    const answer = await helper.send({
      to: "rc-asker",
      kind: "answer",
      content: "yes",
      threadId: "rc-1",
    });
    const items = await collect(stream, (seen) =>
      seen.some((item) => item.type === "receipt" && item.receipt.state === "answered"),
    );
    controller.abort();
    const receipts = items.flatMap((item) => (item.type === "receipt" ? [item.receipt] : []));
    expect(receipts.map((receipt) => [receipt.message_id, receipt.state])).toEqual([
      [question!.id, "delivered"],
      [question!.id, "read"],
      [question!.id, "answered"],
    ]);
    expect(items).toContainEqual({
      type: "message",
      message: expect.objectContaining({ id: answer!.id, content: "yes" }),
    });
    const [answered] = await asker.sent({ state: "answered" });
    expect(answered).toMatchObject({ id: question!.id, answer_id: answer!.id, state: "answered" });
  });

  it("lists what nobody picked up with sent({ state: 'sent' })", async () => {
    const waiting = await asker.send({ to: "rc-helper", kind: "fyi", content: "later" });
    expect((await asker.sent({ state: "sent" })).map((m) => m.id)).toEqual([waiting!.id]);
    await helper.fetch();
    expect(await asker.sent({ state: "sent" })).toEqual([]);
  });
});
