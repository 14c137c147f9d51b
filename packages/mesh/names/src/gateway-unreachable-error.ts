import { MeshError } from "@mesh/errors";

/** Options of {@link GatewayUnreachableError}. */
export interface GatewayUnreachableErrorOptions {
  /** The gateway address that was tried. */
  gatewayUrl: string;
  /** The failure of the registry request. */
  cause: unknown;
}

/**
 * The peer registry could not be read (network error, timeout, HTTP error, bad
 * JSON or a body of unknown shape) and no cached registry was young enough to use.
 * `cause` holds the underlying failure.
 */
export class GatewayUnreachableError extends MeshError {
  static override readonly brand: symbol = Symbol.for("@mesh/error/GatewayUnreachableError");

  declare readonly code: "gateway_unreachable";
  /** The gateway address that was tried. */
  readonly gatewayUrl: string;

  constructor({ gatewayUrl, cause }: GatewayUnreachableErrorOptions) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super({
      code: "gateway_unreachable",
      message: `mesh-gateway at ${gatewayUrl} unreachable and no usable cached canonical_names (error: ${reason})`,
      cause,
    });
    this.gatewayUrl = gatewayUrl;
  }
}
