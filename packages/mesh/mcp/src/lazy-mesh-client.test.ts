import { describe, expect, it } from "vitest";
import { LazyMeshClient } from "./lazy-mesh-client.js";

describe("LazyMeshClient", () => {
  it("makes one client on first use, with the options it was given", async () => {
    const lazy = new LazyMeshClient({ node: "drop", gatewayUrl: "http://127.0.0.1:9" });
    const [first, second] = await Promise.all([lazy.get(), lazy.get()]);
    expect(first).toBe(second);
    expect(first).toMatchObject({ node: "droplet", gatewayUrl: "http://127.0.0.1:9" });
    await lazy.close();
    await expect(first.fetch()).rejects.toMatchObject({ code: "client_closed" });
  });

  it("answers every use with the failure to make the client", async () => {
    const lazy = new LazyMeshClient({ node: "droplet", gatewayUrl: "ftp://gateway" });
    await expect(lazy.get()).rejects.toThrow(/absolute http\(s\) URL/);
    await expect(lazy.get()).rejects.toThrow(/absolute http\(s\) URL/);
    await lazy.close();
  });

  it("closes without making a client when none was needed", async () => {
    await expect(new LazyMeshClient({ node: "droplet" }).close()).resolves.toBeUndefined();
  });
});
