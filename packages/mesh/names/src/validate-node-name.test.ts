import { MeshError, MeshGatewayError, MeshValidationError } from "@mesh/errors";
import { describe, expect, it } from "vitest";
import { captureLogger, closedPortUrl, type PeersServer } from "../test/peers-server.js";
import { usePeersServer } from "../test/use-peers-server.js";
import { GatewayUnreachableError } from "./gateway-unreachable-error.js";
import { InvalidPeerNameError } from "./invalid-peer-name-error.js";
import { NotInRegistryError } from "./not-in-registry-error.js";
import { validateNodeName } from "./validate-node-name.js";

let server: PeersServer;

usePeersServer({ json: ["droplet", "lab-ovh"] }, (started) => {
  server = started;
});

describe("validateNodeName against a reachable gateway", () => {
  it.each([
    ["droplet", "droplet"],
    ["lab-ovh", "lab-ovh"],
    ["drop", "droplet"],
    ["lab-claude", "lab-ovh"],
  ])("resolves %s to the registered %s", async (input, canonical) => {
    await expect(validateNodeName(input, { gatewayUrl: server.url })).resolves.toBe(canonical);
  });

  it("refuses a well-formed name the registry does not list", async () => {
    const err = await validateNodeName("ghost-peer", { gatewayUrl: server.url }).catch((e) => e);
    expect(err).toBeInstanceOf(NotInRegistryError);
    expect(err).toBeInstanceOf(MeshValidationError);
    expect(err.code).toBe("not_in_registry");
    expect(err.peerName).toBe("ghost-peer");
    expect(err.suggestions).toEqual([]);
    expect(err.message).toMatch(/^peer name 'ghost-peer' is not in the gateway registry/);
  });

  it("reports an alias by its canonical name when the registry is empty", async () => {
    server.reply({ json: [] });
    const err = await validateNodeName("drop", { gatewayUrl: server.url }).catch((e) => e);
    expect(err).toBeInstanceOf(NotInRegistryError);
    expect(err.peerName).toBe("droplet");
    expect(err.message).toMatch(/^peer name 'droplet' is not in the gateway registry/);
  });

  it("suggests close matches instead of listing the whole registry", async () => {
    const others = Array.from({ length: 20 }, (_, i) => `worker-${String(i).padStart(2, "0")}x`);
    server.reply({ json: { peers: ["lab-ovh", "droplet", ...others] } });
    const err = await validateNodeName("lab-ovx", { gatewayUrl: server.url }).catch((e) => e);
    expect(err).toBeInstanceOf(NotInRegistryError);
    expect(err.suggestions).toEqual(["lab-ovh"]);
    expect(err.message).toBe(
      "peer name 'lab-ovx' is not in the gateway registry (did you mean lab-ovh?)",
    );
    expect(err.message).not.toContain("worker-");
  });

  it("refetches the registry once on a miss when it is at least 5 s old, not sooner", async () => {
    let clock = 1_000_000;
    const options = { gatewayUrl: server.url, now: () => clock };
    await expect(validateNodeName("droplet", options)).resolves.toBe("droplet");
    server.reply({ json: ["droplet", "lab-ovh", "new-peer"] });
    clock += 4_000;
    await expect(validateNodeName("new-peer", options)).rejects.toBeInstanceOf(NotInRegistryError);
    expect(server.requests).toHaveLength(1);
    clock += 1_000;
    await expect(validateNodeName("new-peer", options)).resolves.toBe("new-peer");
    expect(server.requests).toHaveLength(2);
    // A name still missing after a fresh refetch makes no further request within 5 s.
    await expect(validateNodeName("ghost-peer", options)).rejects.toBeInstanceOf(
      NotInRegistryError,
    );
    expect(server.requests).toHaveLength(2);
  });

  it("reads names from Peer records under `peers`", async () => {
    server.reply({ json: { peers: [{ name: "gpu-wsl", url: null, capabilities: {} }] } });
    await expect(validateNodeName("gpu-wsl", { gatewayUrl: server.url })).resolves.toBe("gpu-wsl");
  });

  it("checks the name before any request", async () => {
    await expect(validateNodeName("Lab-OVH", { gatewayUrl: server.url })).rejects.toThrow(
      InvalidPeerNameError,
    );
    await expect(validateNodeName(42, { gatewayUrl: server.url })).rejects.toThrow(
      "peer name must be string, got number",
    );
    expect(server.requests).toHaveLength(0);
  });

  it("requests GET /peers once with the trailing slash of the address removed", async () => {
    await validateNodeName("droplet", { gatewayUrl: `${server.url}//` });
    expect(server.requests).toEqual([{ method: "GET", url: "/peers", authorization: undefined }]);
  });

  it("refuses options of the wrong type", async () => {
    for (const options of [
      { ttlSeconds: -1 },
      { timeout: 0 },
      { timeout: Number.NaN },
      { gatewayUrl: "not a url" },
      { gatewayUrl: "ftp://127.0.0.1/" },
      { strict: "no" as unknown as boolean },
    ]) {
      const err = await validateNodeName("droplet", { gatewayUrl: server.url, ...options }).catch(
        (e) => e,
      );
      expect(err).toBeInstanceOf(MeshValidationError);
      expect(err.code).toBe("invalid_options");
    }
  });
});

describe("validateNodeName when the gateway is unreachable", () => {
  it("throws GatewayUnreachableError with the spec message and the cause (strict default)", async () => {
    const url = await closedPortUrl();
    const err = await validateNodeName("drop", { gatewayUrl: url }).catch((e) => e);
    expect(err).toBeInstanceOf(GatewayUnreachableError);
    expect(err).toBeInstanceOf(MeshError);
    expect(err).not.toBeInstanceOf(MeshValidationError);
    expect(err.code).toBe("gateway_unreachable");
    expect(err.gatewayUrl).toBe(url);
    expect(err.message).toMatch(
      new RegExp(
        `^mesh-gateway at ${url.replaceAll(".", "\\.")} unreachable and no usable cached canonical_names \\(error: GET /peers could not reach the mesh gateway at .*ECONNREFUSED.*\\)$`,
      ),
    );
    expect(err.cause).toBeInstanceOf(MeshGatewayError);
    expect(err.cause.path).toBe("/peers");
  });

  it("returns the alias-resolved name with a warning when strict is false", async () => {
    const url = await closedPortUrl();
    const logger = captureLogger();
    await expect(
      validateNodeName("drop", { gatewayUrl: url, strict: false, logger }),
    ).resolves.toBe("droplet");
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]).toContain("skipped");
  });

  it("still refuses a malformed name when strict is false", async () => {
    const url = await closedPortUrl();
    await expect(validateNodeName("-drop", { gatewayUrl: url, strict: false })).rejects.toThrow(
      InvalidPeerNameError,
    );
  });

  it("still refuses an unregistered name when strict is false and the gateway answers", async () => {
    await expect(
      validateNodeName("ghost-peer", { gatewayUrl: server.url, strict: false }),
    ).rejects.toThrow(NotInRegistryError);
  });

  it("refuses credentials in the address, which would leak into messages", async () => {
    const url = await closedPortUrl();
    const withUser = url.replace("http://", "http://alice:hunter2-password@");
    const err = await validateNodeName("droplet", { gatewayUrl: withUser }).catch((e) => e);
    expect(err).toBeInstanceOf(MeshValidationError);
    expect(err.code).toBe("invalid_options");
    expect(err.message).not.toContain("hunter2");
  });
});
