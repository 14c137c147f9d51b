import { createHash, randomUUID } from "node:crypto";
import { REPEAT_WINDOW_MS } from "./mcp-limits.js";

/** Keys and message ids this many sends back are forgotten first. */
const MAX_ENTRIES = 1000;

/** What makes two `send_message` calls the same call. */
export interface SendFields {
  /** The own peer name. */
  node: string;
  /** The recipient, canonical. */
  to: string;
  kind: string;
  threadId: string | undefined;
  relatedTaskId: string | undefined;
  content: string;
}

/**
 * The idempotency keys of recent sends. A model that repeats a call after a timeout repeats its
 * arguments: the same arguments within {@link REPEAT_WINDOW_MS} of the first call get the same
 * key, so the gateway answers with the first message instead of storing a second. The key also
 * holds the 10-minute window of the clock the first call fell in, so a server restarted in
 * between derives the same key for a repeat within the same window.
 */
export class SendRepeats {
  readonly #derived = new Map<string, { key: string; at: number }>();
  readonly #sent = new Map<string, number>();

  /**
   * The key for these fields: the one of the first such call within the window, else a new
   * one. `fresh` (a deliberate resend) always makes a new one, which later repeats then share.
   */
  derivedKey(fields: SendFields, fresh: boolean, now = Date.now()): string {
    const print = JSON.stringify([
      fields.node,
      fields.to,
      fields.kind,
      fields.threadId ?? null,
      fields.relatedTaskId ?? null,
      fields.content,
    ]);
    const entry = this.#derived.get(print);
    if (!fresh && entry !== undefined && now - entry.at < REPEAT_WINDOW_MS) return entry.key;
    const salt = fresh ? randomUUID() : String(Math.floor(now / REPEAT_WINDOW_MS));
    const key = `mesh-mcp-${createHash("sha256").update(`${print}\n${salt}`).digest("hex")}`;
    remember(this.#derived, print, { key, at: now });
    return key;
  }

  /** Whether an earlier send with `key` brought back message `id` already; remembers it. */
  isRepeat(key: string, id: number): boolean {
    const repeat = this.#sent.get(key) === id;
    remember(this.#sent, key, id);
    return repeat;
  }
}

/** Sets `key` as the newest entry, dropping the oldest past {@link MAX_ENTRIES}. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
}
