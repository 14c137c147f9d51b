import { afterEach, describe, expect, it, vi } from "vitest";
import { MeshError, MeshValidationError } from "./index.js";
import { MeshClient } from "./mesh-client.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("MeshClient construction", () => {
  it.each([
    ["drop", "droplet"],
    ["lab-claude", "lab-ovh"],
    ["ws-lc", "workstation-lc"],
    ["science-claude", "science-claude"],
    ["Lab_OVH", "Lab_OVH"],
    ["x", "x"],
  ])("normalizes own name %s offline to %s (kept as given when it fails)", (node, expected) => {
    expect(new MeshClient({ node, gatewayUrl: "http://127.0.0.1:1" }).node).toBe(expected);
  });

  it("keeps the own name as given when validateSelfName is false", () => {
    const client = new MeshClient({ node: "drop", validateSelfName: false });
    expect(client.node).toBe("drop");
  });

  it.each([
    [{ gatewayUrl: "http://gw.test:9/" }, {}, "http://gw.test:9"],
    [{}, { MESH_GATEWAY_URL: "http://env.test:7//" }, "http://env.test:7"],
    [{ gatewayUrl: "http://opt.test" }, { MESH_GATEWAY_URL: "http://env.test" }, "http://opt.test"],
    [{}, { MESH_GATEWAY_URL: "" }, "http://localhost:8788"],
    [{}, { MESH_GATEWAY_URL: "  " }, "http://localhost:8788"],
  ])("resolves the gateway address from %o with env %o", (options, env, expected) => {
    for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
    if (!("MESH_GATEWAY_URL" in env)) vi.stubEnv("MESH_GATEWAY_URL", "");
    expect(new MeshClient({ node: "droplet", ...options }).gatewayUrl).toBe(expected);
  });

  it.each([
    [{}],
    [{ node: "" }],
    [{ node: 42 }],
    [{ node: "droplet", timeout: 0 }],
    [{ node: "droplet", timeout: Number.NaN }],
    [{ node: "droplet", gatewayUrl: "not a url" }],
    [{ node: "droplet", retries: -1 }],
  ])("refuses bad options %o with a MeshValidationError", (options) => {
    expect(() => new MeshClient(options as never)).toThrow(MeshValidationError);
  });

  it.each([
    ["an address with user:password", { gatewayUrl: "http://user:hunter2-pw@gw.test:9" }, {}],
    ["an env address with user:password", {}, { MESH_GATEWAY_URL: "https://u:hunter2-pw@gw.test" }],
    ["a non-http address", { gatewayUrl: "ftp://gw.test/hunter2-pw" }, {}],
  ])("refuses %s at construction, without quoting it", (_what, options, env) => {
    vi.stubEnv("MESH_GATEWAY_URL", "");
    for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
    let error: unknown;
    try {
      new MeshClient({ node: "droplet", ...options });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(MeshValidationError);
    expect((error as Error).message).toContain("MESH_GATEWAY_URL");
    expect((error as Error).message).not.toContain("hunter2");
  });

  it("refuses a bad MESH_GATEWAY_URL without echoing it", () => {
    vi.stubEnv("MESH_GATEWAY_URL", "::secret-ish::");
    let error: unknown;
    try {
      new MeshClient({ node: "droplet" });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(MeshError);
    expect(String((error as Error).message)).not.toContain("secret-ish");
  });
});
