import { MeshError, type MeshErrorCode, type MeshErrorOptions } from "./mesh-error.js";

/** The codes of a bad argument. */
export type MeshValidationErrorCode = Extract<
  MeshErrorCode,
  | "validation_error"
  | "invalid_kind"
  | "invalid_options"
  | "invalid_peer_name"
  | "not_in_registry"
  | "invalid_database"
  | "invalid_listen_database"
  | "insecure_open"
  | "self_message"
>;

/** A bad argument: an unknown DM kind, bad options, a malformed or unregistered peer name. */
export class MeshValidationError extends MeshError {
  static override readonly brand: symbol = Symbol.for("@mesh/error/MeshValidationError");

  declare readonly code: MeshValidationErrorCode;

  constructor(options: MeshErrorOptions & { code?: MeshValidationErrorCode | undefined }) {
    super({ ...options, code: options.code ?? "validation_error" });
  }
}
