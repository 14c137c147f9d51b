/** `Symbol.for("@mesh/error")`: the brand `@mesh/errors` checks, so `instanceof MeshError` holds without importing it. */
export const MESH_ERROR_BRAND: unique symbol = Symbol.for("@mesh/error") as never;

/**
 * A scanning function got an argument it cannot scan (content that is not a string, a bad
 * `knownSecrets`). Still a `TypeError`, and branded so that `err instanceof MeshError` holds
 * like for every other error of the mesh packages.
 */
export class GuardArgumentError extends TypeError {
  /** Stable machine-readable code shared with `@mesh/errors`. */
  readonly code = "invalid_argument";
  readonly [MESH_ERROR_BRAND] = true;

  constructor(message: string) {
    super(message);
    this.name = "TypeError";
  }
}
