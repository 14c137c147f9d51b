/** Messages a `check_inbox`, `wait_for_messages`, `get_thread` or `search_messages` result holds when no `limit` is given. */
export const DEFAULT_TOOL_LIMIT = 20;

/** Most messages (or threads) one tool result holds; a larger `limit` counts as this. */
export const MAX_TOOL_LIMIT = 100;

/**
 * How long a repeated `send_message` (same recipient, kind, thread, task and content, no
 * `idempotency_key`) returns the first message instead of sending again: 10 minutes, in ms.
 */
export const REPEAT_WINDOW_MS = 600_000;

/** Longest first line of a message quoted in a result's summary, in characters. */
export const SUMMARY_LINE_LENGTH = 120;
