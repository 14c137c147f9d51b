import { MeshError } from "@mesh/errors";

/**
 * The peer registry could not be read (network error, timeout, HTTP error, bad
 * JSON or a body of unknown shape) and no cached registry was young enough to use.
 * `cause` holds the underlying failure.
 */
export class GatewayUnreachableError extends MeshError {
  /** The gateway address that was tried. */
  readonly gatewayUrl: string;

  constructor(gatewayUrl: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      "gateway_unreachable",
      `mesh-gateway at ${gatewayUrl} unreachable and no usable cached canonical_names (error: ${reason})`,
      { cause },
    );
    this.gatewayUrl = gatewayUrl;
  }
}
