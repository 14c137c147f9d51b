import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startGateway } from "@mesh/gateway";
import { clearRegistryCache } from "@mesh/names";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  MeshAuthError,
  MeshClient,
  MeshGatewayError,
  type Message,
  type SendOptions,
} from "../src/index.js";

const ADMIN_TOKEN = "admin-token-for-stream-tests-0123456789";

type Gateway = Awaited<ReturnType<typeof startGateway>>;

let dir: string;
let gateway: Gateway;
const clients: MeshClient[] = [];

const start = (port = 0) =>
  startGateway({
    port,
    database: join(dir, "gateway.db"),
    adminToken: ADMIN_TOKEN,
    logger: false,
  });

const client = (node: string, token = ADMIN_TOKEN, gatewayUrl = gateway.url) => {
  const created = new MeshClient({ node, token, gatewayUrl });
  clients.push(created);
  return created;
};

/** The next `count` messages of an iterator, leaving it open (a for-await break would end it). */
async function take(messages: AsyncGenerator<Message>, count: number): Promise<Message[]> {
  const seen: Message[] = [];
  while (seen.length < count) {
    const next = await messages.next();
    if (next.done) break;
    seen.push(next.value);
  }
  return seen;
}

/**
 * A send right after a gateway restart may meet a pooled connection the old gateway closed: it
 * fails retryably and carries its Idempotency-Key, so repeating it with that key is safe.
 */
async function sendAfterRestart(sender: MeshClient, options: SendOptions) {
  try {
    return await sender.send(options);
  } catch (error) {
    if (!MeshGatewayError.isInstance(error) || !error.isRetryable || !error.idempotencyKey) {
      throw error;
    }
    return sender.send({ ...options, idempotencyKey: error.idempotencyKey });
  }
}

beforeEach(async () => {
  clearRegistryCache();
  dir = mkdtempSync(join(tmpdir(), "mesh-stream-test-"));
  gateway = await start();
  await client("droplet").register();
  await client("lab-ovh").register();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await gateway.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("client.stream", () => {
  it("yields only messages stored after it opened by default", async () => {
    const [droplet, lab] = [client("droplet"), client("lab-ovh")];
    await lab.send({ to: "droplet", kind: "fyi", content: "before" });
    const stream = droplet.stream();
    const first = stream.next();
    // When the stream is subscribed is not observable from outside: send until one arrives.
    let arrived = false;
    void first.then(() => (arrived = true));
    for (let n = 0; !arrived && n < 500; n++) {
      await lab.send({ to: "droplet", kind: "status", content: `after ${n}` });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await first).value?.content).toMatch(/^after \d+$/);
  });

  it("yields every message after afterId, then new ones", async () => {
    const [droplet, lab] = [client("droplet"), client("lab-ovh")];
    const sent = [];
    for (const content of ["a", "b", "c"]) {
      sent.push(await lab.send({ to: "droplet", kind: "fyi", content }));
    }
    const stream = droplet.stream({ afterId: sent[0]?.id ?? 0 });
    const seen = take(stream, 3);
    await lab.send({ to: "droplet", kind: "fyi", content: "d" });
    expect((await seen).map((m) => m.content)).toEqual(["b", "c", "d"]);
  });

  it("resumes after a gateway restart with no gap and no duplicate", async () => {
    const [droplet, lab] = [client("droplet"), client("lab-ovh")];
    const stream = droplet.stream({ afterId: 0 });
    const first = take(stream, 1);
    await lab.send({ to: "droplet", kind: "fyi", content: "one" });
    expect((await first).map((m) => m.content)).toEqual(["one"]);

    const port = gateway.port;
    await gateway.close();
    gateway = await start(port);
    const restarted = client("lab-ovh", ADMIN_TOKEN, gateway.url);
    await sendAfterRestart(restarted, { to: "droplet", kind: "fyi", content: "two" });
    await restarted.send({ to: "droplet", kind: "fyi", content: "three" });
    expect((await take(stream, 2)).map((m) => m.content)).toEqual(["two", "three"]);
  });

  it("fails with MeshAuthError when the token is refused", async () => {
    const stranger = client("droplet", "not-a-valid-token-0123456789");
    await expect(stranger.stream().next()).rejects.toBeInstanceOf(MeshAuthError);
  });

  it("fails when the response headers do not arrive within timeout", async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    const port = typeof address === "object" && address !== null ? address.port : 0;
    const stuck = new MeshClient({
      node: "droplet",
      gatewayUrl: `http://127.0.0.1:${port}`,
      timeout: 100,
    });
    clients.push(stuck);
    try {
      const error = await stuck
        .stream()
        .next()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MeshGatewayError);
      expect((error as Error).message).toMatch(/timed out after 100 ms/);
    } finally {
      silent.close();
    }
  });

  it("ends cleanly when its signal aborts or the client closes", async () => {
    const droplet = client("droplet");
    const controller = new AbortController();
    const aborted = droplet.stream({ signal: controller.signal }).next();
    const closed = droplet.stream().next();
    controller.abort();
    await expect(aborted).resolves.toEqual({ done: true, value: undefined });
    await droplet.close();
    await expect(closed).resolves.toEqual({ done: true, value: undefined });
  });
});

describe("client.watch over the stream", () => {
  it("yields the unread backlog first, then live messages, never a read one", async () => {
    const [droplet, lab] = [client("droplet"), client("lab-ovh")];
    const read = await lab.send({ to: "droplet", kind: "fyi", content: "already read" });
    await droplet.markRead(read?.id ?? 0);
    await lab.send({ to: "droplet", kind: "fyi", content: "backlog" });
    const watch = droplet.watch();
    const first = await watch.next();
    expect(first.value?.content).toBe("backlog");
    await lab.send({ to: "droplet", kind: "fyi", content: "live" });
    expect((await take(watch, 1)).map((m) => m.content)).toEqual(["live"]);
  });

  it("keeps watching across a gateway restart", async () => {
    const [droplet, lab] = [client("droplet"), client("lab-ovh")];
    const watch = droplet.watch();
    const first = watch.next();
    await lab.send({ to: "droplet", kind: "fyi", content: "before restart" });
    expect((await first).value?.content).toBe("before restart");
    const port = gateway.port;
    await gateway.close();
    gateway = await start(port);
    await sendAfterRestart(client("lab-ovh", ADMIN_TOKEN, gateway.url), {
      to: "droplet",
      kind: "fyi",
      content: "after restart",
    });
    expect((await take(watch, 1)).map((m) => m.content)).toEqual(["after restart"]);
  });

  it("tells onConnection when the stream opens, once when it is lost, and when it is back", async () => {
    const [droplet, lab] = [client("droplet"), client("lab-ovh")];
    const events: string[] = [];
    const watch = droplet.watch({
      onConnection: (event) => {
        events.push(
          event.state === "lost"
            ? `lost: ${MeshGatewayError.isInstance(event.error)}`
            : event.state,
        );
      },
    });
    const first = watch.next();
    await lab.send({ to: "droplet", kind: "fyi", content: "before" });
    await first;
    expect(events).toEqual(["open"]);
    // Pulled before the outage: a watch notices only while its caller waits for the next message.
    const next = watch.next();
    const port = gateway.port;
    await gateway.close();
    // Several reconnects fail while the gateway is down: one "lost" stands for them all.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(events).toEqual(["open", "lost: true"]);
    gateway = await start(port);
    await sendAfterRestart(client("lab-ovh", ADMIN_TOKEN, gateway.url), {
      to: "droplet",
      kind: "fyi",
      content: "after",
    });
    expect((await next).value?.content).toBe("after");
    expect(events).toEqual(["open", "lost: true", "open"]);
  });
});

describe("client.watch({ reconnect: 'forever' })", () => {
  it("waits for a gateway that is down at the start, telling lost once, then open", async () => {
    const port = gateway.port;
    await gateway.close();
    const events: string[] = [];
    const watch = client("droplet", ADMIN_TOKEN, `http://127.0.0.1:${port}`).watch({
      reconnect: "forever",
      onConnection: (event) => events.push(event.state),
    });
    const next = watch.next();
    // Several attempts fail meanwhile; the watch neither ends nor tells more than one loss.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(events).toEqual(["lost"]);
    gateway = await start(port);
    await sendAfterRestart(client("lab-ovh", ADMIN_TOKEN, gateway.url), {
      to: "droplet",
      kind: "fyi",
      content: "once up",
    });
    expect((await next).value?.content).toBe("once up");
    expect(events).toEqual(["lost", "open"]);
  });

  it("still ends with the auth error when the gateway refuses the token", async () => {
    const watch = client("droplet", "not-a-token-of-this-gateway").watch({ reconnect: "forever" });
    await expect(watch.next()).rejects.toBeInstanceOf(MeshAuthError);
  });
});

describe("client.watch({ backlog: false })", () => {
  it("skips the unread messages already waiting and yields the new ones", async () => {
    const [droplet, lab] = [client("droplet"), client("lab-ovh")];
    await lab.send({ to: "droplet", kind: "fyi", content: "old news" });
    let opened = () => {};
    const open = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const watch = droplet.watch({
      backlog: false,
      onConnection: (event) => {
        if (event.state === "open") opened();
      },
    });
    const next = watch.next();
    await open;
    await lab.send({ to: "droplet", kind: "fyi", content: "news" });
    expect((await next).value?.content).toBe("news");
  });
});
