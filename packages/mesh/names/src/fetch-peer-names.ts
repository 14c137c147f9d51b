import { MeshGatewayError } from "@mesh/errors";
import { GatewayTransport } from "@mesh/transport";
import { parsePeersBody } from "./parse-peers-body.js";
import type { ResolvedRegistryOptions } from "./registry-options.js";

const PATH = "/peers";

/**
 * One `GET {gatewayUrl}/peers` through the given transport (else one made from the options),
 * bounded by its timeout from the request to the end of the body, not retried (a lookup inside
 * `send` must not wait for retries).
 *
 * @throws {MeshGatewayError} on network error, timeout, HTTP status >= 400, bad JSON or malformed body.
 */
export async function fetchPeerNames(
  options: ResolvedRegistryOptions,
): Promise<ReadonlySet<string>> {
  const transport =
    options.transport ?? new GatewayTransport({ ...options, retries: 0, retryDelayMs: 0 });
  const body = await transport.request({
    method: "GET",
    path: PATH,
    idempotent: true,
    retries: 0,
  });
  const result = parsePeersBody(body);
  if (!result.ok) {
    throw new MeshGatewayError({
      message: `GET ${PATH} returned an ${result.reason}`,
      method: "GET",
      path: PATH,
      isRetryable: false,
    });
  }
  return result.names;
}
