import type { FastifyInstance } from "fastify";
import type { GatewayStorage } from "./gateway-storage.js";
import { ReceiptHub } from "./receipt-hub.js";
import { startReceiptSweeper } from "./receipt-sweeper.js";

/**
 * The app's receipts: one hub handing the storage's receipts to the senders' streams, and the
 * sweep that expires questions past their `reply_by`; both stop when the app closes.
 */
export function registerReceipts(
  app: FastifyInstance,
  storage: GatewayStorage,
  sweepMs: number | undefined,
): ReceiptHub {
  const hub = new ReceiptHub(storage);
  const stopSweeper = startReceiptSweeper(storage, sweepMs);
  app.addHook("onClose", (_instance, done) => {
    stopSweeper();
    hub.close();
    done();
  });
  return hub;
}
