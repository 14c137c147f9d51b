import type { GatewayStorage } from "./gateway-storage.js";
import { EXPIRE_BATCH, EXPIRE_SWEEP_MS } from "./receipt-limits.js";

/** Batches one sweep expires at most, so a burst of deadlines cannot hold the storage. */
const MAX_BATCHES_PER_SWEEP = 20;
/**
 * How far before a finished sweep the next one looks again, in ms: a question validated just
 * before a sweep may commit just after it with a `reply_by` the sweep already passed.
 */
const SWEEP_OVERLAP_MS = 60_000;

/**
 * Expires questions whose `reply_by` passed unanswered: every `intervalMs`, at most
 * `EXPIRE_BATCH` questions a batch and 20 batches a sweep (the storage announces each expired
 * receipt). A finished sweep settles every deadline up to its time, so the next looks only at
 * deadlines from a minute before it: the index of deadlines is never walked from its start
 * again. Returns the function that stops it.
 */
export function startReceiptSweeper(
  storage: Pick<GatewayStorage, "expireQuestions">,
  intervalMs = EXPIRE_SWEEP_MS,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let after: string | undefined;
  const sweep = async () => {
    try {
      const now = Date.now();
      const at = new Date(now).toISOString();
      for (let batch = 0; batch < MAX_BATCHES_PER_SWEEP && !stopped; batch++) {
        const expired = await storage.expireQuestions(at, EXPIRE_BATCH, after);
        if (expired < EXPIRE_BATCH) {
          after = new Date(now - SWEEP_OVERLAP_MS).toISOString();
          break;
        }
      }
    } catch {
      // The database is unreachable for now (or closing): the next sweep tries again.
    }
    if (stopped) return;
    timer = setTimeout(sweep, intervalMs);
    timer.unref();
  };
  timer = setTimeout(sweep, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
