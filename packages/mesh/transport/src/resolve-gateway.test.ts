import { afterEach, describe, expect, it, vi } from "vitest";
import { resolveGateway } from "./resolve-gateway.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("resolveGateway", () => {
  it("takes the options first, then the environment, then the default", () => {
    vi.stubEnv("MESH_GATEWAY_URL", "http://env.example:1/");
    vi.stubEnv("MESH_GATEWAY_TOKEN", " env-token ");
    expect(resolveGateway({ gatewayUrl: "http://opt.example/", token: "t" })).toEqual({
      gatewayUrl: "http://opt.example",
      token: "t",
    });
    expect(resolveGateway({ gatewayUrl: " ", token: "" })).toEqual({
      gatewayUrl: "http://env.example:1",
      token: "env-token",
    });
    vi.stubEnv("MESH_GATEWAY_URL", "");
    vi.stubEnv("MESH_GATEWAY_TOKEN", "");
    expect(resolveGateway({})).toEqual({ gatewayUrl: "http://localhost:8788", token: undefined });
  });

  it.each(["ftp://gw.example", "gw.example:8788", "http://alice:hunter2@gw.example"])(
    "refuses %j without quoting it",
    (gatewayUrl) => {
      expect(() => resolveGateway({ gatewayUrl })).toThrow(
        expect.objectContaining({
          code: "invalid_options",
          message: expect.not.stringMatching(/hunter2|gw\.example/),
        }),
      );
    },
  );
});
