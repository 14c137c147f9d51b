import { describe, expect, it } from "vitest";
import { parseMeshMcpArgs } from "./parse-mesh-mcp-args.js";

const ENV = {
  MESH_NODE: "droplet",
  MESH_GATEWAY_URL: "http://gw.local:8788",
  MESH_GATEWAY_TOKEN: "env-token",
};

describe("parseMeshMcpArgs", () => {
  it.each([
    {
      name: "reads the three environment variables",
      argv: [],
      env: ENV,
      options: {
        node: "droplet",
        gatewayUrl: "http://gw.local:8788",
        token: "env-token",
        register: true,
      },
    },
    {
      name: "skips the registration at start with --no-register",
      argv: ["--no-register"],
      env: ENV,
      options: { node: "droplet", register: false },
    },
    {
      name: "prefers flags to the environment",
      argv: ["--node", "lab-ovh", "--gateway-url", "http://other:1", "--token", "flag-token"],
      env: ENV,
      options: { node: "lab-ovh", gatewayUrl: "http://other:1", token: "flag-token" },
    },
    {
      name: "treats blank values as unset",
      argv: ["--node", "  "],
      env: { MESH_NODE: "droplet", MESH_GATEWAY_URL: " ", MESH_GATEWAY_TOKEN: "" },
      options: { node: "droplet", gatewayUrl: undefined, token: undefined },
    },
  ])("$name", ({ argv, env, options }) => {
    const command = parseMeshMcpArgs(argv, env);
    expect(command).toMatchObject({ action: "serve", options });
  });

  it("warns that a token flag is visible in the process list, and never repeats it", () => {
    const command = parseMeshMcpArgs(["--token", "secret-value"], ENV);
    expect(command.action === "serve" && command.warnings).toEqual([
      expect.stringMatching(/process list/),
    ]);
    expect(JSON.stringify(command.action === "serve" && command.warnings)).not.toContain(
      "secret-value",
    );
    expect(parseMeshMcpArgs([], ENV)).toMatchObject({ warnings: [] });
  });

  it.each([
    { argv: ["--help"], action: "help" },
    { argv: ["-h"], action: "help" },
    { argv: ["--version"], action: "version" },
    { argv: ["-V"], action: "version" },
  ])("$argv asks for $action", ({ argv, action }) => {
    expect(parseMeshMcpArgs(argv, {})).toEqual({ action });
  });

  it.each([
    { argv: [], env: {}, message: /set MESH_NODE/ },
    { argv: ["--port", "1"], env: ENV, message: /--port/ },
    { argv: ["serve"], env: ENV, message: /serve/ },
    { argv: ["-v"], env: ENV, message: /-v/ },
    { argv: ["--node"], env: ENV, message: /--node/ },
    { argv: ["--node", "Lab OVH"], env: ENV, message: /naming convention.*set MESH_NODE/ },
  ])("refuses $argv as a usage error", ({ argv, env, message }) => {
    const command = parseMeshMcpArgs(argv, env);
    expect(command.action).toBe("usage-error");
    expect(command.action === "usage-error" && command.message).toMatch(message);
  });
});
