import { type FakeAimlapi, startFakeAimlapi } from "@discovery/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliIo, createProgram, runDiscoveryCli } from "../src/index.js";

// The exported entry points, run inside this process as an embedding program would: everything
// goes through the io they are given (the bin tests cannot see a write to the real streams).

let aimlapi: FakeAimlapi;

function memoryIo(env: Record<string, string>) {
  const out = { stdout: "", stderr: "" };
  const io: CliIo = {
    stdout: { write: (chunk: string) => (out.stdout += chunk) },
    stderr: { write: (chunk: string) => (out.stderr += chunk) },
    env,
    isTTY: { stdout: false, stderr: false },
  };
  return { io, out };
}

beforeAll(async () => {
  aimlapi = await startFakeAimlapi();
});

afterAll(async () => {
  await aimlapi?.close();
});

describe("runDiscoveryCli in process", () => {
  it("lists models as JSON on the io's stdout and exits 0", async () => {
    const { io, out } = memoryIo({ DISCOVERY_AIMLAPI_URL: aimlapi.url });
    expect(await runDiscoveryCli(["models", "--provider", "xai", "--json"], io)).toBe(0);
    const { models } = JSON.parse(out.stdout) as { models: { developer: string }[] };
    expect(models.length).toBeGreaterThan(0);
    expect(models.every((model) => model.developer === "X AI")).toBe(true);
  });

  it("returns 2 for bad usage and 1 for an unknown model, writing only to the io", async () => {
    const usage = memoryIo({ DISCOVERY_AIMLAPI_URL: aimlapi.url });
    expect(await runDiscoveryCli(["frobnicate"], usage.io)).toBe(2);
    expect(usage.out.stderr).toContain("frobnicate");

    const unknown = memoryIo({ DISCOVERY_AIMLAPI_URL: aimlapi.url });
    expect(await runDiscoveryCli(["model", "no-such-model-xyz", "--json"], unknown.io)).toBe(1);
    expect(JSON.parse(unknown.out.stdout)).toMatchObject({ model: null });
    expect(unknown.out.stderr).toContain("not in the catalog");
  });
});

describe("createProgram in process", () => {
  it("builds the discovery program, which leaves its exit status in the result", async () => {
    const { io, out } = memoryIo({ DISCOVERY_AIMLAPI_URL: aimlapi.url });
    const result = { exitCode: 0 };
    const program = createProgram(io, result);
    expect(program.name()).toBe("discovery");
    await program.parseAsync(["model", "x-ai/grok-4-07-09", "--json"], { from: "user" });
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ id: "x-ai/grok-4-07-09", provider: "xai" });
  });
});
