/** What went wrong in the storage, in words neither back end's driver uses. */
export type StorageErrorCode =
  /** Capabilities plus the merged extra fields of a registration exceed the size limits. */
  | "registration_too_large"
  /** The database cannot be reached or the connection broke; retrying later may succeed. */
  | "unavailable"
  /** A PostgreSQL URL was given but the optional `pg` package is not installed. */
  | "driver_missing"
  /** Another live gateway process (or this one) already serves this SQLite file. */
  | "database_in_use"
  /** `listenDatabase` cannot be opened, or reaches a pooler or another database than `database`. */
  | "invalid_listen_database";

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

/**
 * The same storage, with every failure that `isUnavailable` recognizes (a driver's connection
 * errors) raised as a `StorageError` of code `unavailable`; other errors pass unchanged.
 */
export function withStorageErrors<T extends object>(
  storage: T,
  isUnavailable: (error: unknown) => boolean,
): T {
  const translate = (error: unknown): never => {
    if (isUnavailable(error)) {
      throw new StorageError("unavailable", "the database is unavailable; retry later", {
        cause: error,
      });
    }
    throw error;
  };
  const wrapped = { ...storage } as Record<string, unknown>;
  for (const [name, value] of Object.entries(storage)) {
    if (typeof value !== "function" || name === "onMessage") continue;
    wrapped[name] = (...args: unknown[]) => {
      try {
        const result = (value as (...a: unknown[]) => unknown).apply(storage, args);
        return result instanceof Promise ? result.catch(translate) : result;
      } catch (error) {
        return translate(error);
      }
    };
  }
  return wrapped as T;
}
