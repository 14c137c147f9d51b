import type { StrictMessage as Message } from "@mesh/protocol";
import type { ReceiptEvent } from "./apply-receipt.js";
import { parseStreamBlock } from "./parse-stream-block.js";

/** Pause before reconnecting after a drop. */
const RECONNECT_MS = 1000;

export interface FollowOptions {
  token: string;
  /** The inbox followed. */
  to: string;
  /** Resume after this id (the newest message already shown); absent: only new messages. */
  afterId?: number;
  onMessage: (message: Message) => void;
  /**
   * Receipts of the messages `to` sent (`event: receipt`), asked for with `receipts=true`.
   * They carry no id and are not resumed: after a drop, `onResume` reads the states again.
   */
  onReceipt?: (receipt: ReceiptEvent) => void;
  /** The stream was refused for good (token revoked, no right to this inbox). */
  onRefused: (status: number) => void;
  /** The stream dropped or could not connect; it reconnects by itself. */
  onDrop?: () => void;
  /**
   * The stream is back after a drop. Without `afterId` and before any message it resumes with
   * only new messages, so what came in meanwhile is for the caller to read again.
   */
  onResume?: () => void;
  signal: AbortSignal;
}

/**
 * Follows `GET /messages/stream` with `fetch`, not `EventSource`: an EventSource cannot send the
 * `Authorization` header, and the token must never travel in a URL. Reconnects after a drop
 * with `Last-Event-ID`, so nothing is missed or shown twice.
 */
export async function followStream(options: FollowOptions): Promise<void> {
  let cursor = options.afterId;
  let dropped = false;
  while (!options.signal.aborted) {
    try {
      const query = new URLSearchParams({ to: options.to });
      if (options.onReceipt !== undefined) query.set("receipts", "true");
      const response = await fetch(`/messages/stream?${query}`, {
        headers: {
          ...(options.token === "" ? {} : { authorization: `Bearer ${options.token}` }),
          ...(cursor === undefined ? {} : { "last-event-id": String(cursor) }),
        },
        cache: "no-store",
        signal: options.signal,
      });
      if (response.status === 401 || response.status === 403) {
        options.onRefused(response.status);
        return;
      }
      if (response.ok && response.body !== null) {
        if (dropped) options.onResume?.();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value.replaceAll("\r\n", "\n");
          let cut = buffer.indexOf("\n\n");
          while (cut !== -1) {
            const event = parseStreamBlock(buffer.slice(0, cut));
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf("\n\n");
            if (event?.type === "receipt") options.onReceipt?.(event.receipt);
            if (event?.type !== "message") continue;
            if (cursor !== undefined && event.message.id <= cursor) continue;
            cursor = event.message.id;
            options.onMessage(event.message);
          }
        }
      }
    } catch {
      // A drop or an abort: the loop resumes after the last id, or ends when aborted.
    }
    dropped = true;
    if (!options.signal.aborted) options.onDrop?.();
    if (!options.signal.aborted) await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
  }
}
