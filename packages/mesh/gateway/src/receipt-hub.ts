import type { StrictReceipt } from "@mesh/protocol";
import type { GatewayStorage } from "./gateway-storage.js";

type ReceiptListener = (receipt: StrictReceipt) => void;

/**
 * The receipts the storage announces (this gateway's and, on PostgreSQL, every other's), handed
 * to the subscribers of their sender only: one storage subscription for all streams.
 */
export class ReceiptHub {
  private readonly bySender = new Map<string, Set<ReceiptListener>>();
  private readonly stop: () => void;

  constructor(storage: Pick<GatewayStorage, "onReceipt">) {
    this.stop = storage.onReceipt(({ from_node, message_id, to_node, state, at }) => {
      const listeners = this.bySender.get(from_node);
      if (listeners === undefined) return;
      const receipt: StrictReceipt = { message_id, to_node, state, at };
      for (const listener of listeners) listener(receipt);
    });
  }

  /** Calls `listener` with each receipt of a message `sender` sent, until the returned function is called. */
  subscribe(sender: string, listener: ReceiptListener): () => void {
    let listeners = this.bySender.get(sender);
    if (listeners === undefined) {
      listeners = new Set();
      this.bySender.set(sender, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.bySender.get(sender) === listeners) {
        this.bySender.delete(sender);
      }
    };
  }

  close(): void {
    this.stop();
    this.bySender.clear();
  }
}

/** A receipt as a Server-Sent Event: no `id`, receipts are not resumed. */
export function receiptEvent(receipt: StrictReceipt): string {
  return `event: receipt\ndata: ${JSON.stringify(receipt)}\n\n`;
}
