import type { GatewayStorage } from "./gateway-storage.js";
import { EXPIRE_BATCH, EXPIRE_SWEEP_MS } from "./receipt-limits.js";

/** Batches one sweep expires at most, so a burst of deadlines cannot hold the storage. */
const MAX_BATCHES_PER_SWEEP = 20;

/**
 * Expires questions whose `reply_by` passed unanswered: every `intervalMs`, at most
 * `EXPIRE_BATCH` questions a batch and 20 batches a sweep (the storage announces each expired
 * receipt). Returns the function that stops it.
 */
export function startReceiptSweeper(
  storage: Pick<GatewayStorage, "expireQuestions">,
  intervalMs = EXPIRE_SWEEP_MS,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      for (let batch = 0; batch < MAX_BATCHES_PER_SWEEP && !stopped; batch++) {
        const expired = await storage.expireQuestions(new Date().toISOString(), EXPIRE_BATCH);
        if (expired < EXPIRE_BATCH) break;
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
