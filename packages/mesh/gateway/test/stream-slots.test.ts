import net from "node:net";
import { expect, it } from "vitest";
import type { RunningGateway } from "../src/index.js";
import { BACKENDS } from "./backends.js";
import { ADMIN_TOKEN, call, register } from "./helpers.js";
import { suiteGateway } from "./suite-gateway.js";

async function metric(gateway: RunningGateway, name: string): Promise<number> {
  const text = (await call(gateway, "GET", "/metrics")).text;
  const line = text.split("\n").find((row) => row.startsWith(`${name} `));
  return Number(line?.split(" ")[1]);
}

/** Polls a metric until it reads `want` or `ms` pass; returns its last value. */
async function settlesAt(gateway: RunningGateway, name: string, want: number, ms = 10_000) {
  const deadline = Date.now() + ms;
  let value = await metric(gateway, name);
  while (value !== want && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await metric(gateway, name);
  }
  return value;
}

/** Opens a stream on a raw connection and drops it after `afterMs` (0: right after writing). */
function abortedOpen(url: string, token: string, afterMs: number): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        `GET /messages/stream HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      );
      setTimeout(() => socket.destroy(), afterMs);
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve());
  });
}

/** Opens a stream and resolves with its status once the headers are in; `close` drops it. */
function openStream(url: string, token: string): Promise<{ status: number; close: () => void }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        `GET /messages/stream HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      );
    });
    let head = "";
    socket.on("data", (chunk) => {
      head += chunk.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (status !== null) resolve({ status: Number(status[1]), close: () => socket.destroy() });
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve({ status: 0, close: () => {} }));
  });
}

for (const { backend, describe: describeBackend } of BACKENDS) {
  describeBackend(`stream slots on ${backend.title}`, () => {
    let gateway: RunningGateway;
    suiteGateway(backend, false, (started) => {
      gateway = started;
    });

    it("gives back every slot of 3,000 opens dropped during setup or just after", async () => {
      for (let wave = 0; wave < 10; wave++) {
        await Promise.all(
          Array.from({ length: 300 }, (_, index) =>
            abortedOpen(gateway.url, ADMIN_TOKEN, index % 3 === 0 ? 0 : index % 7),
          ),
        );
      }
      expect(await settlesAt(gateway, "mesh_gateway_stream_slots", 0)).toBe(0);
      expect(await metric(gateway, "mesh_gateway_open_streams")).toBe(0);
    }, 90_000);

    it("holds a peer to 16 streams when 60 open at once, and frees them all on close", async () => {
      await register(gateway, "slot-peer");
      const token = await gateway.issueToken("slot-peer");
      const opened = await Promise.all(
        Array.from({ length: 60 }, () => openStream(gateway.url, token)),
      );
      const statuses = opened.map((stream) => stream.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(16);
      expect(statuses.filter((status) => status === 429)).toHaveLength(44);
      expect(await metric(gateway, "mesh_gateway_stream_slots")).toBe(16);
      for (const stream of opened) stream.close();
      expect(await settlesAt(gateway, "mesh_gateway_stream_slots", 0)).toBe(0);
      const again = await openStream(gateway.url, token);
      expect(again.status).toBe(200);
      again.close();
    });
  });
}

for (const { backend, describe: describeBackend } of BACKENDS) {
  describeBackend(`stream write buffers on ${backend.title}`, () => {
    let gateway: RunningGateway;
    suiteGateway(backend, false, (started) => {
      gateway = started;
    });

    it("holds at most ~1 MiB per reader that stops reading, however large the events", async () => {
      await register(gateway, "buffer-peer");
      // 64 KiB of control characters: ~6x as JSON, 100 such events are ~40 MB.
      const content = "\u0001".repeat(64 * 1024);
      await gateway.storage.importMessages(
        Array.from({ length: 100 }, () => ({
          fromNode: "buffer-peer",
          toNode: "buffer-peer",
          kind: "fyi" as const,
          content,
          relatedTaskId: null,
          threadId: null,
          createdAt: new Date().toISOString(),
          readAt: null,
        })),
      );
      const { hostname, port } = new URL(gateway.url);
      const readers = Array.from({ length: 4 }, () => {
        const socket = net.connect(Number(port), hostname);
        socket.pause();
        socket.on("error", () => {});
        socket.write(
          `GET /messages/stream?to=buffer-peer&after_id=0 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${ADMIN_TOKEN}\r\n\r\n`,
        );
        return socket;
      });
      try {
        await settlesAt(gateway, "mesh_gateway_open_streams", 4);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const buffered = await metric(gateway, "mesh_gateway_stream_buffered_bytes");
        expect(buffered).toBeGreaterThan(0);
        expect(buffered).toBeLessThanOrEqual(4 * 1024 * 1024);
      } finally {
        for (const socket of readers) socket.destroy();
      }
    });
  });
}
