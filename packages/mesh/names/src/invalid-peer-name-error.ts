import { MeshValidationError } from "@mesh/errors";

/** A peer name that is not a string or does not match `PEER_NAME_PATTERN`. */
export class InvalidPeerNameError extends MeshValidationError {
  /** The rejected value as given (not necessarily a string). */
  readonly value: unknown;

  constructor(message: string, value: unknown) {
    super(message, { code: "invalid_peer_name" });
    this.value = value;
  }
}
