let cachedMs = Number.NaN;
let cachedIso = "";

/**
 * `new Date(ms).toISOString()`, remembering the last result: a busy gateway formats the same
 * millisecond for every send and log line of one event-loop turn.
 */
export function isoTime(ms: number = Date.now()): string {
  if (ms !== cachedMs) {
    cachedIso = new Date(ms).toISOString();
    cachedMs = ms;
  }
  return cachedIso;
}
