import { MeshValidationError } from "@mesh/errors";

/** Options of {@link NotInRegistryError}. */
export interface NotInRegistryErrorOptions {
  /** The canonical (alias-resolved) name that was looked up. */
  peerName: string;
  /** Registered names close to `peerName`, best first; may be empty. */
  suggestions: readonly string[];
  /** The gateway whose registry was consulted. */
  gatewayUrl: string;
}

/** A well-formed peer name that the gateway registry (`GET /peers`) does not list. */
export class NotInRegistryError extends MeshValidationError {
  static override readonly brand: symbol = Symbol.for("@mesh/error/NotInRegistryError");

  declare readonly code: "not_in_registry";
  /** The canonical (alias-resolved) name that was looked up. */
  readonly peerName: string;
  /** Registered names close to `peerName`, best first, at most 3; may be empty. */
  readonly suggestions: readonly string[];
  /** The gateway whose registry was consulted. */
  readonly gatewayUrl: string;

  constructor({ peerName, suggestions, gatewayUrl }: NotInRegistryErrorOptions) {
    const hint =
      suggestions.length > 0
        ? `did you mean ${suggestions.join(", ")}?`
        : "no close match; check the name or register the peer with POST /peers/register";
    super({
      message: `peer name '${peerName}' is not in the gateway registry (${hint})`,
      code: "not_in_registry",
    });
    this.peerName = peerName;
    this.suggestions = Object.freeze([...suggestions]);
    this.gatewayUrl = gatewayUrl;
  }
}
