import { request } from "./gateway-api.js";

/** Pages a listing is read for at most: a registry of 10,000 peers (1,000 a page) shows whole. */
export const MAX_LIST_PAGES = 10;

/**
 * The rows under `field` of a listing the gateway pages with `Link: rel="next"` (`GET /peers`,
 * `GET /admin/tokens`), page after page, stopping at {@link MAX_LIST_PAGES}.
 */
export async function loadPages<T>(token: string, path: string, field: string): Promise<T[]> {
  const rows: T[] = [];
  let next: string | null = path;
  for (let page = 0; next !== null && page < MAX_LIST_PAGES; page++) {
    const answer = await request(token, "GET", next);
    const body = JSON.parse(answer.text) as Record<string, T[] | undefined>;
    rows.push(...(body[field] ?? []));
    next = answer.next;
  }
  return rows;
}
