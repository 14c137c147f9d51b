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
    expect(normalizeNodeName("drop")).toBe("drop");
  });

  it("reads MESH_ALIASES, and follows a change of it", () => {
    vi.stubEnv("MESH_ALIASES", "gw=gateway-one");
    expect(normalizeNodeName("gw")).toBe("gateway-one");
    expect(normalizeNodeName("drop")).toBe("drop");
    vi.stubEnv("MESH_ALIASES", "gw=gateway-two");
    expect(normalizeNodeName("gw")).toBe("gateway-two");
  });

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
