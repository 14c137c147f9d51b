import { MeshValidationError } from "@mesh/errors";

/** Options of {@link InvalidPeerNameError}. */
export interface InvalidPeerNameErrorOptions {
  /** What is wrong with the name. */
  message: string;
  /** The rejected value as given (not necessarily a string). */
  value: unknown;
}

/** A peer name that is not a string or does not match `PEER_NAME_PATTERN`. */
export class InvalidPeerNameError extends MeshValidationError {
  static override readonly brand: symbol = Symbol.for("@mesh/error/InvalidPeerNameError");

  declare readonly code: "invalid_peer_name";
  /** The rejected value as given (not necessarily a string). */
  readonly value: unknown;

  constructor({ message, value }: InvalidPeerNameErrorOptions) {
    super({ message, code: "invalid_peer_name" });
    this.value = value;
  }
}
