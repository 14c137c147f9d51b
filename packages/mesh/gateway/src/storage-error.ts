/** What went wrong in the storage, in words neither back end's driver uses. */
export type StorageErrorCode =
  /** Capabilities plus the merged extra fields of a registration exceed the size limits. */
  | "registration_too_large"
  /** The database cannot be reached or the connection broke; retrying later may succeed. */
  | "unavailable";

/**
 * The storage's one error type: the HTTP layer maps `code` to a status and never looks at a
 * driver's own error codes. `cause` keeps the driver error for debugging.
 */
export class StorageError extends Error {
  override readonly name = "StorageError";
  readonly code: StorageErrorCode;

  constructor(code: StorageErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
