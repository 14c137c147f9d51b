import { MeshError, type MeshErrorOptions } from "./mesh-error.js";

/** A bad argument: an unknown DM kind, a malformed or unregistered peer name. */
export class MeshValidationError extends MeshError {
  constructor(message: string, options: MeshErrorOptions & { code?: string } = {}) {
    super(options.code ?? "validation_error", message, options);
  }
}
