import { OLDEST_UNREAD_LABELS } from "./receipt-limits.js";

/**
 * The series of `mesh_gateway_oldest_unread_seconds`: the age in seconds of each recipient's
 * oldest unread message for the `max` oldest, and the ages of the others summed under
 * `peer="other"` (present only when there are others), so the label set stays bounded.
 */
export function oldestUnreadLabels(
  oldest: ReadonlyArray<{ peer: string; createdAt: string }>,
  now: number,
  max = OLDEST_UNREAD_LABELS,
): Array<{ peer: string; seconds: number }> {
  const ages = oldest
    .map(({ peer, createdAt }) => ({
      peer,
      seconds: Math.max(0, (now - Date.parse(createdAt)) / 1000),
    }))
    .sort((a, b) => b.seconds - a.seconds || (a.peer < b.peer ? -1 : 1));
  const named = ages.slice(0, max);
  const rest = ages.slice(max);
  if (rest.length === 0) return named;
  return [...named, { peer: "other", seconds: rest.reduce((sum, age) => sum + age.seconds, 0) }];
}
