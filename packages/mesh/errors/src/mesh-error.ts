/**
 * Brand carried by every error of the @mesh packages. A registered symbol, so a
 * zero-dependency package (such as `@mesh/secret-guard`) can mark its errors
 * without importing this one, and `instanceof MeshError` still holds across
 * duplicated installs of the same package.
 */
export const MESH_ERROR_BRAND: unique symbol = Symbol.for("@mesh/error") as never;

/** Options every mesh error accepts. */
export interface MeshErrorOptions {
  /** The underlying error, kept for debugging (never shown in `message`). */
  cause?: unknown;
}

/**
 * Base of every error thrown by the @mesh packages: `err instanceof MeshError`
 * holds for gateway, auth, validation, name-registry and credential-guard errors.
 */
export class MeshError extends Error {
  /** Stable machine-readable code, e.g. `gateway_error`, `invalid_peer_name`. */
  readonly code: string;
  readonly [MESH_ERROR_BRAND] = true;

  constructor(code: string, message: string, options: MeshErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.name = new.target.name;
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: only the base class accepts the brand
    if (this === MeshError) {
      return (
        typeof value === "object" &&
        value !== null &&
        (value as Record<symbol, unknown>)[MESH_ERROR_BRAND] === true
      );
    }
    // biome-ignore lint/complexity/noThisInStatic: each subclass checks against itself
    return Function.prototype[Symbol.hasInstance].call(this, value);
  }
}
