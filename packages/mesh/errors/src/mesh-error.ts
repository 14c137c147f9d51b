/**
 * Brand carried by every error of the @mesh packages. A registered symbol, so a
 * zero-dependency package (such as `@mesh/secret-guard`) can mark its errors
 * without importing this one, and `instanceof MeshError` still holds across
 * duplicated installs of the same package.
 */
export const MESH_ERROR_BRAND: unique symbol = Symbol.for("@mesh/error") as never;

/** Every `code` an error of the @mesh packages carries. */
export type MeshErrorCode =
  /** {@link MeshGatewayError}: transport failure, timeout, status >= 400, unusable body. */
  | "gateway_error"
  /** `MeshAuthError`: the gateway answered 401 or 403. */
  | "auth_error"
  /** {@link MeshValidationError} without a more precise code: a bad argument. */
  | "validation_error"
  /** A DM kind outside `DM_KINDS`. */
  | "invalid_kind"
  /** Options of the wrong type or value. */
  | "invalid_options"
  /** `InvalidPeerNameError` of `@mesh/names`. */
  | "invalid_peer_name"
  /** `NotInRegistryError` of `@mesh/names`. */
  | "not_in_registry"
  /** `GatewayUnreachableError` of `@mesh/names`. */
  | "gateway_unreachable"
  /** A gateway database that is empty or of an unknown kind. */
  | "invalid_database"
  /** A gateway listen database that is not a PostgreSQL URL, or given without a PostgreSQL database. */
  | "invalid_listen_database"
  /** A gateway without an admin token asked to listen beyond loopback. */
  | "insecure_open"
  /** A DM to oneself, refused by the MCP server. */
  | "self_message"
  /** A call on a closed client. */
  | "client_closed"
  /** `CredentialLeakError` of `@mesh/secret-guard`. */
  | "credential_leak"
  /** A scanning function of `@mesh/secret-guard` got an argument it cannot scan. */
  | "invalid_argument";

/** A class of mesh error, as `isInstance` sees it. */
type MeshErrorClass<T> = (abstract new (...args: never[]) => T) & { readonly brand: symbol };

/** Options every mesh error accepts. */
export interface MeshErrorOptions {
  /** What happened and what to do; never a secret. */
  message: string;
  /** The underlying error, kept for debugging (never shown in `message`). */
  cause?: unknown;
}

/**
 * Base of every error thrown by the @mesh packages: `err instanceof MeshError` (or
 * `MeshError.isInstance(err)`) holds for gateway, auth, validation, name-registry and
 * credential-guard errors. Each subclass carries its own registered brand
 * (`Symbol.for("@mesh/error/<Name>")`) so that its `isInstance` and `instanceof` also hold for an
 * error made by another copy of the package.
 */
export class MeshError extends Error {
  /** The brand of this class; every subclass declares its own. */
  static readonly brand: symbol = MESH_ERROR_BRAND;

  /** Stable machine-readable code. */
  readonly code: MeshErrorCode;
  readonly [MESH_ERROR_BRAND] = true;

  constructor(options: MeshErrorOptions & { code: MeshErrorCode }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.name = new.target.name;
    // Marks the instance with the brand of every class from the concrete one up to this one.
    for (let type: unknown = new.target; type !== MeshError; type = Object.getPrototypeOf(type)) {
      if (Object.hasOwn(type as object, "brand")) {
        Object.defineProperty(this, (type as typeof MeshError).brand, { value: true });
      }
    }
  }

  /** Whether `value` is an error of this class, from any copy of the package. */
  static isInstance<T>(this: MeshErrorClass<T>, value: unknown): value is T {
    // biome-ignore lint/complexity/noThisInStatic: each class checks against its own brand
    return isOfClass(this, value);
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: each class checks against its own brand
    return this.isInstance(value);
  }
}

function isOfClass(type: MeshErrorClass<unknown>, value: unknown): boolean {
  if (!Object.hasOwn(type, "brand")) {
    // A subclass without a brand of its own (e.g. a caller's): plain prototype check.
    return Function.prototype[Symbol.hasInstance].call(type, value);
  }
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<symbol, unknown>)[type.brand] === true
  );
}
