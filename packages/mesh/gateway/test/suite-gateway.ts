import { afterAll, beforeAll } from "vitest";
import { type GatewayLogger, type RunningGateway, startGateway } from "../src/index.js";
import type { Backend } from "./backends.js";
import { ADMIN_TOKEN } from "./helpers.js";

/**
 * Call inside a `describe`: before its tests, starts one admin-token gateway on a fresh
 * `backend` database and hands it to `started` (awaited, so it can seed peers); after them,
 * closes the gateway and drops the database.
 */
export function suiteGateway(
  backend: Backend,
  logger: GatewayLogger,
  started: (gateway: RunningGateway) => void | Promise<void>,
): void {
  let gateway: RunningGateway | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = await backend.create();
    cleanup = db.cleanup;
    gateway = await startGateway({
      port: 0,
      database: db.database,
      listenDatabase: db.listenDatabase,
      adminToken: ADMIN_TOKEN,
      logger,
    });
    await started(gateway);
  });
  afterAll(async () => {
    await gateway?.close();
    await cleanup?.();
  });
}
