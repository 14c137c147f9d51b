import {
  type FakeAimlapi,
  type FakeAimlapiOptions,
  type FakeOpenAIModels,
  startFakeAimlapi,
  startFakeOpenAIModels,
} from "@discovery/testing";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { invalidateCatalog } from "../src/invalidate-catalog.js";

/** The fake aggregator and the fake OpenAI-protocol vendors a catalog test file talks to. */
export interface FakeCatalogServers {
  aimlapi: FakeAimlapi;
  vendors: FakeOpenAIModels;
}

const KEY_VARIABLES = ["OPENAI_API_KEY", "DEEPSEEK_API_KEY", "XAI_API_KEY", "GROK_API_KEY"];

/**
 * Test-file setup: starts the fake aggregator (with `aimlapi` options) and fake vendors before
 * the file's tests, hands them to `started`, and closes them after. Before each test both fakes
 * forget their requests and the catalog cache is emptied, and no key from the developer's
 * machine may reach the test, nor a real legacy key file; after each the environment is restored.
 */
export function useFakeCatalogServers(
  aimlapi: FakeAimlapiOptions | undefined,
  started: (servers: FakeCatalogServers) => void,
): void {
  let servers: FakeCatalogServers | undefined;
  beforeAll(async () => {
    servers = { aimlapi: await startFakeAimlapi(aimlapi), vendors: await startFakeOpenAIModels() };
    started(servers);
  });
  afterAll(async () => {
    await servers?.aimlapi.close();
    await servers?.vendors.close();
  });
  beforeEach(() => {
    for (const name of KEY_VARIABLES) vi.stubEnv(name, undefined);
    vi.stubEnv("DEEPSEEK_LEGACY_ENV_PATH", "/nonexistent/deepseek/.env");
    servers?.aimlapi.reset();
    servers?.vendors.reset();
    invalidateCatalog();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
}
