/** Peers whose oldest unread message the backlog metric looks at, at most (a scrape's bound). */
export const OLDEST_UNREAD_PEERS = 10_000;

/** Questions one sweep expires at most; the next sweep takes the rest. */
export const EXPIRE_BATCH = 500;

/** Default interval of the reply_by sweep, in ms. */
export const EXPIRE_SWEEP_MS = 1000;

/** Peers named in `mesh_gateway_oldest_unread_seconds`; the others are summed under `other`. */
export const OLDEST_UNREAD_LABELS = 20;
