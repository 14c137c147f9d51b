/**
 * The DM kinds, for `send`'s argument check. A copy of `DM_KINDS` from `@mesh/client` so that
 * `--help` need not load the client; a test keeps the two equal.
 */
export const DM_KINDS = ["fyi", "question", "answer", "status", "unblock"] as const;
