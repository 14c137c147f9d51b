import {
  DEFAULT_TOKEN_HOLDER_LIMIT,
  MAX_TOKEN_HOLDER_LIMIT,
  type StrictTokenHolder,
} from "@mesh/protocol";
import type { GatewayStorage } from "./gateway-storage.js";
import { HttpError } from "./http-error.js";
import { nextLink } from "./message-page.js";

/**
 * One page of `GET /admin/tokens`: the peers holding live tokens by name, at most `limit`
 * (larger values count as the largest), and the `Link` of the next page when more remain.
 */
export async function tokenHoldersPage(
  storage: Pick<GatewayStorage, "listTokenHolders">,
  query: { limit?: string | undefined; after?: string | undefined },
  url: string,
): Promise<{ holders: StrictTokenHolder[]; link: string | undefined }> {
  let limit = DEFAULT_TOKEN_HOLDER_LIMIT;
  if (query.limit !== undefined) {
    const parsed = Number(query.limit);
    if (parsed < 1)
      throw new HttpError({ code: "invalid_query", message: "limit must be at least 1" });
    limit = Math.min(parsed, MAX_TOKEN_HOLDER_LIMIT);
  }
  // One row more than the page says whether another page follows.
  const rows = await storage.listTokenHolders({ after: query.after, limit: limit + 1 });
  const holders = rows.slice(0, limit);
  const last = holders.at(-1);
  const link =
    rows.length > limit && last !== undefined
      ? nextLink(url, "/admin/tokens", "after", last.peer)
      : undefined;
  return { holders, link };
}
