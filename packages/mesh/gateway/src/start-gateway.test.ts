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
