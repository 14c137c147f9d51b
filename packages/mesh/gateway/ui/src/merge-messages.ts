/**
 * The union of two lists of messages by id, oldest first; where both hold an id, `fresh` wins
 * (a newer reading carries newer read and receipt times). Lets a page that finishes loading
 * keep what the live stream delivered meanwhile.
 */
export function mergeMessages<T extends { id: number }>(
  fresh: readonly T[],
  kept: readonly T[],
): T[] {
  const byId = new Map<number, T>();
  for (const message of kept) byId.set(message.id, message);
  for (const message of fresh) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
