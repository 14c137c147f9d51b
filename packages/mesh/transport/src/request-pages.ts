import { MeshGatewayError } from "@mesh/errors";
import type { GatewayRequest, GatewayTransport } from "./gateway-transport.js";
import { nextPageQuery } from "./next-page-query.js";

/**
 * The parsed body of each page of a paged `GET` (`undefined` for an empty body), following the
 * `Link rel="next"` header page after page; the request's `query` starts the first page.
 *
 * @throws {MeshGatewayError} when a page after `maxPages` is still announced, so that a listing
 * is never cut silently and a `Link` that never ends cannot hold the caller forever.
 */
export async function* requestPages(
  transport: GatewayTransport,
  req: Omit<GatewayRequest, "method" | "body">,
  maxPages: number,
): AsyncGenerator<unknown, void, undefined> {
  let query = req.query;
  for (let page = 1; ; page++) {
    const { data, headers } = await transport.requestWithHeaders({ ...req, method: "GET", query });
    yield data;
    const next = nextPageQuery(headers.get("link"));
    if (next === undefined) return;
    if (page >= maxPages) {
      throw new MeshGatewayError({
        message: `GET ${req.path} still announced a next page after ${maxPages} pages; the listing is larger than a client reads (or the gateway's Link header loops): narrow the request or check the gateway`,
        method: "GET",
        path: req.path,
        isRetryable: false,
      });
    }
    query = next;
  }
}
