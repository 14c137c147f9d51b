/** The DM kinds the gateway accepts, in the spec's order. A new kind needs gateway support first. */
export const DM_KINDS = ["fyi", "question", "answer", "status", "unblock"] as const;

/** One of {@link DM_KINDS}. */
export type DmKind = (typeof DM_KINDS)[number];
