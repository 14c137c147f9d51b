import { afterEach, describe, expect, it, vi } from "vitest";
import { KNOWN_ALIASES } from "./known-aliases.js";
import { normalizeNodeName } from "./normalize-node-name.js";
import { parseAliases, resolveAliases } from "./resolve-aliases.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("parseAliases", () => {
  it.each([
    ["drop=droplet,ws-lc=workstation-lc", { drop: "droplet", "ws-lc": "workstation-lc" }],
    [" drop = droplet , ", { drop: "droplet" }],
    ["", {}],
    [",,", {}],
  ])("reads %j", (text, expected) => {
    expect(parseAliases(text)).toEqual(expected);
  });

  it.each([
    ["drop"],
    ["drop=droplet=x"],
    ["Drop=droplet"],
    ["drop="],
    ["drop=droplet,droplet=lab-ovh"],
  ])("refuses %j with the expected format", (text) => {
    expect(() => parseAliases(text)).toThrow(
      expect.objectContaining({
        code: "invalid_options",
        message: expect.stringMatching(/alias=canonical/),
      }),
    );
  });
});

describe("resolveAliases", () => {
  it("defaults to the spec's three when MESH_ALIASES is unset", () => {
    vi.stubEnv("MESH_ALIASES", undefined);
    expect(resolveAliases()).toBe(KNOWN_ALIASES);
  });

  it("has no aliases when MESH_ALIASES is empty", () => {
    vi.stubEnv("MESH_ALIASES", "");
    expect(resolveAliases()).toEqual({});
  });

  it("reads MESH_ALIASES at each call, and follows a change of it", () => {
    vi.stubEnv("MESH_ALIASES", "gw=gateway-one");
    expect(resolveAliases()).toEqual({ gw: "gateway-one" });
    vi.stubEnv("MESH_ALIASES", "gw=gateway-two");
    expect(resolveAliases()).toEqual({ gw: "gateway-two" });
  });

  it.each([
    ["unset", undefined, { drop: "droplet", gw: "gw" }],
    ["empty", "", { drop: "drop", gw: "gw" }],
    ["a table", "gw=gateway-one", { drop: "drop", gw: "gateway-one" }],
  ])(
    "normalizeNodeName takes MESH_ALIASES %s at its first call, and keeps it for the process",
    async (_label, value, expected) => {
      vi.resetModules();
      const fresh = await import("./normalize-node-name.js");
      vi.stubEnv("MESH_ALIASES", value);
      expect(fresh.normalizeNodeName("drop")).toBe(expected.drop);
      expect(fresh.normalizeNodeName("gw")).toBe(expected.gw);
      vi.stubEnv("MESH_ALIASES", "gw=gateway-two,drop=other");
      expect(fresh.normalizeNodeName("drop")).toBe(expected.drop);
      expect(fresh.normalizeNodeName("gw")).toBe(expected.gw);
    },
  );

  it("prefers the option to the environment", () => {
    vi.stubEnv("MESH_ALIASES", "gw=gateway-one");
    expect(normalizeNodeName("gw", { aliases: { gw: "gateway-three" } })).toBe("gateway-three");
    expect(normalizeNodeName("gw", { aliases: {} })).toBe("gw");
  });

  it("refuses a malformed option table", () => {
    expect(() => normalizeNodeName("gw", { aliases: { gw: "Not Valid" } })).toThrow(
      expect.objectContaining({ code: "invalid_options" }),
    );
  });
});
