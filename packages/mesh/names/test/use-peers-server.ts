import { afterEach, beforeEach } from "vitest";
import { clearRegistryCache } from "../src/registry-cache.js";
import { type PeersReply, type PeersServer, startPeersServer } from "./peers-server.js";

/**
 * Per test: empties the registry cache, starts a fake gateway answering `initial` and hands it
 * to `started`; closes it after the test.
 */
export function usePeersServer(initial: PeersReply, started: (server: PeersServer) => void): void {
  let server: PeersServer | undefined;
  beforeEach(async () => {
    clearRegistryCache();
    server = await startPeersServer(initial);
    started(server);
  });
  afterEach(async () => {
    await server?.close();
  });
}
