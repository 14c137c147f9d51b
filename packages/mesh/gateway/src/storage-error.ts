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
 * Brand of {@link StorageError}: a registered symbol, so `StorageError.isInstance` also holds for an
 * error made by another copy of this package (two installs, or another realm).
 */
const STORAGE_ERROR_BRAND: unique symbol = Symbol.for("@mesh/gateway/StorageError") as never;

/** What a {@link StorageError} carries. */
export interface StorageErrorOptions {
  /** What went wrong, in words neither back end's driver uses. */
  code: StorageErrorCode;
  /** What happened and what to do; never a password or a token. */
  message: string;
  /** The driver's error, kept for debugging. */
  cause?: unknown;
}

/**
 * The storage's one error type: the HTTP layer maps `code` to a status and never looks at a
 * driver's own error codes. `cause` keeps the driver error for debugging.
 */
export class StorageError extends Error {
  /** The brand every instance carries. */
  static readonly brand: symbol = STORAGE_ERROR_BRAND;

  override readonly name = "StorageError";
  readonly code: StorageErrorCode;
  readonly [STORAGE_ERROR_BRAND] = true;

  constructor(options: StorageErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
  }

  /** Whether `value` is a `StorageError`, from this or any other copy of the package. */
  static isInstance(value: unknown): value is StorageError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[STORAGE_ERROR_BRAND] === true
    );
  }

  /**
   * `instanceof StorageError` answers as {@link StorageError.isInstance} does, so it also holds across copies;
   * a subclass keeps the plain prototype check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: the class the check is made against
    const type = this as unknown;
    return type === StorageError
      ? StorageError.isInstance(value)
      : Function.prototype[Symbol.hasInstance].call(type, value);
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
      throw new StorageError({
        code: "unavailable",
        message: "the database is unavailable; retry later",
        cause: error,
      });
    }
    throw error;
  };
  const wrapped = { ...storage } as Record<string, unknown>;
  for (const name of methodNames(storage)) {
    const value = (storage as Record<string, unknown>)[name] as (...a: unknown[]) => unknown;
    if (name === "onMessage") {
      wrapped[name] = value.bind(storage);
      continue;
    }
    wrapped[name] = (...args: unknown[]) => {
      try {
        const result = value.apply(storage, args);
        return result instanceof Promise ? result.catch(translate) : result;
      } catch (error) {
        return translate(error);
      }
    };
  }
  return wrapped as T;
}

/** The methods of an object literal or a class instance (own ones and its prototypes'). */
function methodNames(object: object): Set<string> {
  const names = new Set<string>();
  for (let level = object; level !== Object.prototype && level !== null; ) {
    for (const name of Object.getOwnPropertyNames(level)) {
      if (
        name !== "constructor" &&
        typeof (object as Record<string, unknown>)[name] === "function"
      ) {
        names.add(name);
      }
    }
    level = Object.getPrototypeOf(level) as object;
  }
  return names;
}
