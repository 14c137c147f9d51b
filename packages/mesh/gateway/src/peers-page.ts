import { MAX_PAGE_BYTES, MAX_PEER_LIMIT } from "@mesh/protocol";
import type { GatewayStorage } from "./gateway-storage.js";
import { HttpError } from "./http-error.js";
import { nextLink } from "./message-page.js";

/**
 * One page of `GET /peers` as JSON text: the peers by name after `after`, at most `limit`
 * (default and largest `MAX_PEER_LIMIT`) and at most `maxBytes` of JSON (always one), with the
 * `Link` of the next page when more remain. Without paging a client gets `{ "peers": [...] }`
 * as before, the whole registry while it is within one page.
 */
export async function peersPage(
  storage: Pick<GatewayStorage, "listPeers">,
  query: { limit?: string | undefined; after?: string | undefined },
  url: string,
  maxBytes = MAX_PAGE_BYTES,
): Promise<{ json: string; link: string | undefined }> {
  let limit = MAX_PEER_LIMIT;
  if (query.limit !== undefined) {
    const parsed = Number(query.limit);
    if (parsed < 1)
      throw new HttpError({ code: "invalid_query", message: "limit must be at least 1" });
    limit = Math.min(parsed, MAX_PEER_LIMIT);
  }
  // One row more than the page says whether another page follows.
  const rows = await storage.listPeers({ after: query.after, limit: limit + 1 });
  let json = "";
  let bytes = 0;
  let count = 0;
  for (; count < Math.min(limit, rows.length); count++) {
    const row = JSON.stringify(rows[count]);
    const size = Buffer.byteLength(row) + 1;
    if (count > 0 && bytes + size > maxBytes) break;
    bytes += size;
    json += count === 0 ? row : `,${row}`;
  }
  const last = rows[count - 1];
  const link =
    count < rows.length && last !== undefined
      ? nextLink(url, "/peers", "after", last.name)
      : undefined;
  return { json: `{"peers":[${json}]}`, link };
}
