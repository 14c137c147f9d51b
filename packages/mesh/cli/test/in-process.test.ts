import { type RunningGateway, startGateway } from "@mesh/gateway";
import { clearRegistryCache } from "@mesh/names";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliIo, createProgram, runMeshCli } from "../src/index.js";

// The exported entry points, run inside this process as an embedding program would: everything
// goes through the io they are given (the bin tests cannot see a write to the real streams).

const ADMIN_TOKEN = "admin-token-for-in-process-cli-0123456789";

let gateway: RunningGateway;

/** An io that keeps what the program writes; `env` is the whole environment it sees. */
function memoryIo(env: Record<string, string>) {
  const out = { stdout: "", stderr: "" };
  const io: CliIo = {
    stdout: { write: (chunk: string) => (out.stdout += chunk) },
    stderr: { write: (chunk: string) => (out.stderr += chunk) },
    stdin: (async function* () {})(),
    env,
    isTTY: { stdout: false, stderr: false, stdin: false },
    onInterrupt: () => () => {},
  };
  return { io, out };
}

const asPeer = (node: string) => ({
  MESH_GATEWAY_URL: gateway.url,
  MESH_GATEWAY_TOKEN: ADMIN_TOKEN,
  MESH_NODE: node,
});

beforeAll(async () => {
  gateway = await startGateway({
    port: 0,
    database: ":memory:",
    adminToken: ADMIN_TOKEN,
    logger: false,
  });
});

afterAll(async () => {
  await gateway?.close();
});

describe("runMeshCli in process", () => {
  it("registers, sends and reads an inbox through the io it is given", async () => {
    for (const node of ["alpha-peer", "beta-peer"]) {
      const { io, out } = memoryIo(asPeer(node));
      expect(await runMeshCli(["register", "--json"], io)).toBe(0);
      expect(JSON.parse(out.stdout)).toMatchObject({ peer: { name: node } });
    }
    clearRegistryCache();
    const sent = memoryIo(asPeer("alpha-peer"));
    expect(await runMeshCli(["send", "beta-peer", "fyi", "hello in process"], sent.io)).toBe(0);

    const inbox = memoryIo(asPeer("beta-peer"));
    expect(await runMeshCli(["inbox", "--json"], inbox.io)).toBe(0);
    expect(inbox.out.stdout).toContain("hello in process");
    expect(inbox.out.stderr).toBe("");
  });

  it("returns 1 with one error line on the io's stderr for a refused send, 2 for bad usage", async () => {
    clearRegistryCache();
    const refused = memoryIo(asPeer("alpha-peer"));
    expect(await runMeshCli(["send", "ghost-peer", "fyi", "hi"], refused.io)).toBe(1);
    expect(refused.out.stderr).toMatch(/^mesh: error: /);
    expect(refused.out.stdout).toBe("");

    const usage = memoryIo(asPeer("alpha-peer"));
    expect(await runMeshCli(["frobnicate"], usage.io)).toBe(2);
    expect(usage.out.stderr).toContain("frobnicate");
  });
});

describe("createProgram in process", () => {
  it("builds the mesh program, which leaves its exit status in the result", async () => {
    const { io, out } = memoryIo(asPeer("alpha-peer"));
    const result = { exitCode: 0 };
    const program = createProgram(io, result);
    expect(program.name()).toBe("mesh");
    await program.parseAsync(["peers", "--json"], { from: "user" });
    expect(result.exitCode).toBe(0);
    const { peers } = JSON.parse(out.stdout) as { peers: { name: string }[] };
    expect(peers.map((peer) => peer.name)).toEqual(
      expect.arrayContaining(["alpha-peer", "beta-peer"]),
    );
  });
});

describe("mesh gateway beyond loopback", () => {
  const everyInterface = ["gateway", "--host", "0.0.0.0", "--port", "0", "--database", ":memory:"];

  it("refuses open mode on 0.0.0.0 without --insecure-open", async () => {
    const { io, out } = memoryIo({});
    expect(await runMeshCli([...everyInterface, "--quiet"], io)).not.toBe(0);
    expect(out.stderr).toContain("refusing open mode on 0.0.0.0");
    expect(out.stderr).toContain("--insecure-open");
  });

  it("with --insecure-open prints the address bound and stops on an interrupt", async () => {
    const { io, out } = memoryIo({});
    let interrupt: ((signal: string) => void) | undefined;
    const stderr = io.stderr;
    const running = runMeshCli([...everyInterface, "--quiet", "--insecure-open"], {
      ...io,
      // The banner is the sign that the server listens: interrupt it then, as Ctrl-C would.
      stderr: {
        write: (chunk: string) => {
          stderr.write(chunk);
          if (chunk.includes("auth: ")) queueMicrotask(() => interrupt?.("SIGINT"));
          return true;
        },
      },
      onInterrupt: (handler) => {
        interrupt = handler;
        return () => {};
      },
    });
    expect(await running).toBe(0);
    expect(out.stderr).toMatch(
      /listening on http:\/\/0\.0\.0\.0:\d+ \(from this machine: http:\/\/127\.0\.0\.1:\d+\)/,
    );
  });
});
