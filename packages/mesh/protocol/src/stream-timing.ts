/** Interval of the `: ping` comment a gateway writes on an idle `GET /messages/stream`, in ms (15 s). */
export const STREAM_PING_MS = 15_000;

/** Pings a client may miss in a row before it counts the stream as dropped. */
export const STREAM_MISSED_PINGS = 3;

/**
 * Silence (no event, no ping) after which a client counts a stream as dropped and reconnects, in
 * ms: {@link STREAM_MISSED_PINGS} pings of {@link STREAM_PING_MS} (45 s), so one late ping is no outage.
 */
export const STREAM_IDLE_TIMEOUT_MS = STREAM_MISSED_PINGS * STREAM_PING_MS;
