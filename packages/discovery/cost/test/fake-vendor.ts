import type { FakeServer } from "@discovery/testing";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";

/**
 * Test-file setup around one fake vendor: `start` runs before the file's tests and its server
 * goes to `started`; it closes after them. Before each test the server forgets its requests and
 * queued answers and every variable in `blankEnv` is set to "", so no ambient credential
 * reaches a lookup (each test says where its key comes from); after each the environment is
 * restored.
 */
export function useFakeVendor(
  start: () => Promise<FakeServer>,
  blankEnv: readonly string[],
  started: (server: FakeServer) => void,
): void {
  let server: FakeServer | undefined;
  beforeAll(async () => {
    server = await start();
    started(server);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    for (const name of blankEnv) vi.stubEnv(name, "");
    server?.reset();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
}
