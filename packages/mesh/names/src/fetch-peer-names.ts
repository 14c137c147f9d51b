import { MeshGatewayError } from "@mesh/errors";
import { MAX_PEER_PAGES } from "@mesh/protocol";
import { GatewayTransport, requestPages } from "@mesh/transport";
import { parsePeersBody } from "./parse-peers-body.js";
import type { ResolvedRegistryOptions } from "./registry-options.js";

const PATH = "/peers";

/**
 * `GET {gatewayUrl}/peers` through the given transport (else one made from the options), page
 * after page through the `Link` header, each page bounded by the timeout from the request to the
 * end of its body, none retried (a lookup inside `send` must not wait for retries).
 *
 * @throws {MeshGatewayError} on network error, timeout, HTTP status >= 400, bad JSON, malformed
 * body, or more than `MAX_PEER_PAGES` pages.
 */
export async function fetchPeerNames(
  options: ResolvedRegistryOptions,
): Promise<ReadonlySet<string>> {
  const transport =
    options.transport ?? new GatewayTransport({ ...options, retries: 0, retryDelayMs: 0 });
  const names = new Set<string>();
  const request = { path: PATH, idempotent: true, retries: 0 };
  for await (const body of requestPages(transport, request, MAX_PEER_PAGES)) {
    const result = parsePeersBody(body);
    if (!result.ok) {
      throw new MeshGatewayError({
        message: `GET ${PATH} returned an ${result.reason}`,
        method: "GET",
        path: PATH,
        isRetryable: false,
      });
    }
    for (const name of result.names) names.add(name);
  }
  return names;
}
