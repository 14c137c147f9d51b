import { MeshValidationError } from "@mesh/errors";

/** A well-formed peer name that the gateway registry (`GET /peers`) does not list. */
export class NotInRegistryError extends MeshValidationError {
  /** The canonical (alias-resolved) name that was looked up. */
  readonly peerName: string;
  /** Registered names close to `peerName`, best first, at most 3; may be empty. */
  readonly suggestions: readonly string[];
  /** The gateway whose registry was consulted. */
  readonly gatewayUrl: string;

  constructor(peerName: string, suggestions: readonly string[], gatewayUrl: string) {
    const hint =
      suggestions.length > 0
        ? `did you mean ${suggestions.join(", ")}?`
        : "no close match; check the name or register the peer with POST /peers/register";
    super(`peer name '${peerName}' is not in the gateway registry (${hint})`, {
      code: "not_in_registry",
    });
    this.peerName = peerName;
    this.suggestions = Object.freeze([...suggestions]);
    this.gatewayUrl = gatewayUrl;
  }
}
