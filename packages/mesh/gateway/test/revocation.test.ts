import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RunningGateway, startGateway } from "../src/index.js";
import { BACKENDS, POOLED_BACKENDS } from "./backends.js";
import { ADMIN_TOKEN, call, register } from "./helpers.js";

/** Opens a peer's stream; resolves once it is live, with a promise of the time it ends. */
function liveStream(url: string, token: string): Promise<{ ended: Promise<number> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(
        `GET /messages/stream HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      ),
    );
    const ended = new Promise<number>((done) => socket.on("close", () => done(Date.now())));
    let head = "";
    socket.on("data", (chunk) => {
      head += chunk.toString("latin1");
      if (head.startsWith("HTTP/1.1 200")) resolve({ ended });
      else if (/^HTTP\/1\.1 \d{3}/.test(head)) reject(new Error(head.slice(0, 200)));
    });
    socket.on("error", () => {});
  });
}

// Pooled without a direct listen URL, no NOTIFY arrives: the 250 ms poll carries revocations.
for (const { backend, describe: describeBackend } of [...BACKENDS, ...POOLED_BACKENDS]) {
  describeBackend(`revocation on ${backend.title}`, () => {
    let first: RunningGateway;
    let second: RunningGateway;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      const db = await backend.create();
      cleanup = db.cleanup;
      // The ping, which would also notice a revoked token, is out of the picture.
      const options = {
        port: 0,
        database: db.database,
        listenDatabase: db.listenDatabase,
        adminToken: ADMIN_TOKEN,
        logger: false as const,
        streamPingMs: 600_000,
      };
      first = await startGateway(options);
      // SQLite serves one gateway: both roles on it; PostgreSQL: a second gateway.
      second = backend.name === "sqlite" ? first : await startGateway(options);
    });
    afterAll(async () => {
      if (second !== first) await second.close();
      await first.close();
      await cleanup();
    });

    it("ends the peer's streams and pending waits on every gateway within a second of a revocation", async () => {
      await register(first, "revoked-peer");
      const token = await first.issueToken("revoked-peer");
      const streams = await Promise.all([
        liveStream(second.url, token),
        liveStream(first.url, token),
      ]);
      const wait = call(second, "GET", "/messages?wait=30", { token });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const revokedAt = Date.now();
      expect((await call(first, "DELETE", "/admin/tokens/revoked-peer")).status).toBe(200);
      const ends = await Promise.all(streams.map((stream) => stream.ended));
      const answer = await wait;
      for (const end of ends) expect(end - revokedAt).toBeLessThan(1000);
      expect(answer.status).toBe(401);
      expect(Date.now() - revokedAt).toBeLessThan(1000);
    });

    it("ends a disabled peer's streams on every gateway within a second", async () => {
      await register(first, "disabled-peer");
      const token = await first.issueToken("disabled-peer");
      const stream = await liveStream(second.url, token);
      const disabledAt = Date.now();
      const patched = await call(first, "PATCH", "/peers/disabled-peer", {
        body: { enabled: false },
      });
      expect(patched.status).toBe(200);
      expect((await stream.ended) - disabledAt).toBeLessThan(1000);
    });
  });
}
