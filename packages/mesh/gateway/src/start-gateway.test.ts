import { MeshValidationError } from "@mesh/errors";
import { afterEach, describe, expect, it } from "vitest";
import { type RunningGateway, startGateway } from "./index.js";

describe("startGateway admin token", () => {
  let gateway: RunningGateway | undefined;
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
  });

  it.each([
    ["blank", "   "],
    ["empty", ""],
  ])("treats a %s admin token as none (open mode), as clients do", async (_, adminToken) => {
    gateway = await startGateway({ port: 0, database: ":memory:", adminToken, logger: false });
    expect(gateway.authMode).toBe("open");
  });

  it("trims the admin token it compares against", async () => {
    gateway = await startGateway({
      port: 0,
      database: ":memory:",
      adminToken: "  admin-token-for-the-test  ",
      logger: false,
    });
    expect(gateway.authMode).toBe("admin");
    const ok = await fetch(`${gateway.url}/peers`, {
      headers: { authorization: "Bearer admin-token-for-the-test" },
    });
    expect(ok.status).toBe(200);
    const wrong = await fetch(`${gateway.url}/peers`, {
      headers: { authorization: "Bearer wrong-token" },
    });
    expect(wrong.status).toBe(401);
  });
});

describe("startGateway first-run safety", () => {
  let gateway: RunningGateway | undefined;
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
  });

  it.each(["0.0.0.0", "::", "192.0.2.1"])(
    "refuses open mode on %s, beyond loopback, without insecureOpen",
    async (host) => {
      const started = startGateway({ host, port: 0, database: ":memory:", adminToken: null });
      await expect(started).rejects.toThrow(MeshValidationError);
      await expect(started).rejects.toThrow(/--insecure-open/);
    },
  );

  it("starts open mode on every interface with insecureOpen and reports the address bound", async () => {
    const entries: Array<{ level: string; msg: string }> = [];
    gateway = await startGateway({
      host: "0.0.0.0",
      port: 0,
      database: ":memory:",
      adminToken: null,
      insecureOpen: true,
      logger: (entry) => entries.push(entry as { level: string; msg: string }),
    });
    expect(gateway.listenUrl).toBe(`http://0.0.0.0:${gateway.port}`);
    expect(gateway.url).toBe(`http://127.0.0.1:${gateway.port}`);
    expect(entries.some((e) => e.level === "warn" && e.msg.includes("beyond this machine"))).toBe(
      true,
    );
    expect(await (await fetch(`${gateway.url}/health`)).text()).toBe("ok");
  });

  it("starts beyond loopback without insecureOpen when an admin token is set", async () => {
    gateway = await startGateway({
      host: "0.0.0.0",
      port: 0,
      database: ":memory:",
      adminToken: "admin-token-for-the-test",
      logger: false,
    });
    expect(gateway.authMode).toBe("admin");
  });

  it.each(["127.0.0.1", "localhost"])("starts open mode on loopback %s as before", async (host) => {
    gateway = await startGateway({
      host,
      port: 0,
      database: ":memory:",
      adminToken: null,
      logger: false,
    });
    expect(gateway.authMode).toBe("open");
    expect(gateway.listenUrl).toMatch(/^http:\/\/(127\.0\.0\.1|\[::1\]):\d+$/);
  });

  it.each(["mysql://root@localhost/mesh", "postgress://mesh@localhost/mesh"])(
    "refuses the database %s before opening anything",
    async (database) => {
      await expect(
        startGateway({ port: 0, database, adminToken: null, logger: false }),
      ).rejects.toMatchObject({ code: "invalid_database" });
    },
  );
});
