/** Largest DM content: 64 KiB of UTF-8. */
export const MAX_CONTENT_BYTES = 65_536;

/** Largest accepted request body: 1 MiB, refused before parsing. */
export const MAX_BODY_BYTES = 1_048_576;

/** Smallest `limit` of `GET /messages`. */
export const MIN_MESSAGE_LIMIT = 1;

/** Largest `limit` of `GET /messages`; larger values count as this. */
export const MAX_MESSAGE_LIMIT = 1000;

/** `limit` of `GET /messages` when none is given. */
export const DEFAULT_MESSAGE_LIMIT = 100;

/** Longest `wait` of `GET /messages`, in seconds. */
export const MAX_WAIT_SECONDS = 30;

/** Longest `related_task_id`, `thread_id` and thread filter, in characters (at least 1). */
export const MAX_REFERENCE_LENGTH = 200;

/** Longest `Idempotency-Key`, in characters (at least 1). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** How long the gateway remembers an `Idempotency-Key`, in milliseconds (24 h). */
export const IDEMPOTENCY_WINDOW_MS = 86_400_000;

/** Longest peer `url`, in characters. */
export const MAX_PEER_URL_LENGTH = 2048;

/** Longest `q` (search words) of `GET /messages` and `GET /threads`, in characters. */
export const MAX_SEARCH_LENGTH = 200;

/** Most words a `q` may hold. */
export const MAX_SEARCH_WORDS = 16;

/** `limit` of `GET /threads` when none is given. */
export const DEFAULT_THREAD_LIMIT = 50;

/** Largest `limit` of `GET /threads`; larger values count as this. */
export const MAX_THREAD_LIMIT = 200;

/** One `GET /messages` page stops at this many bytes of JSON (4 MiB), whatever its `limit`. */
export const MAX_PAGE_BYTES = 4_194_304;

/**
 * `limit` of `GET /peers` when none is given, and its largest (larger values count as this): a
 * client that does not page gets the whole registry up to this many peers.
 */
export const MAX_PEER_LIMIT = 1000;

/**
 * Pages of `GET /peers` a client reads before it gives up (100 000 peers at the largest page):
 * a gateway whose `Link` never ends cannot hold a listing forever.
 */
export const MAX_PEER_PAGES = 100;

/** `limit` of `GET /admin/tokens` when none is given. */
export const DEFAULT_TOKEN_HOLDER_LIMIT = 100;

/** Largest `limit` of `GET /admin/tokens`; larger values count as this. */
export const MAX_TOKEN_HOLDER_LIMIT = 1000;

/** Latest `reply_by` of a question: 30 days after the send. */
export const MAX_REPLY_BY_MS = 30 * 86_400_000;
