/**
 * Brand of {@link ToolRefusal}: a registered symbol, so `ToolRefusal.isInstance` also holds for a
 * refusal made by another copy of this package (two installs, or another realm).
 */
const TOOL_REFUSAL_BRAND: unique symbol = Symbol.for("@mesh/mcp/ToolRefusal") as never;

/** What a {@link ToolRefusal} carries. */
export interface ToolRefusalOptions {
  /** Stable code, read by `describeToolError` for its advice. */
  code: string;
  /** What the server refused and why; never a token or a secret. */
  message: string;
  /** The underlying error, kept for debugging. */
  cause?: unknown;
}

/**
 * A call the MCP server itself refuses before asking the gateway (a DM to oneself). It never
 * leaves the package: the server turns it into a tool result with `isError: true`.
 */
export class ToolRefusal extends Error {
  /** The brand every instance carries. */
  static readonly brand: symbol = TOOL_REFUSAL_BRAND;

  /** Stable code, read by `describeToolError` for its advice. */
  readonly code: string;
  readonly [TOOL_REFUSAL_BRAND] = true;

  constructor(options: ToolRefusalOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ToolRefusal";
    this.code = options.code;
  }

  /** Whether `value` is a `ToolRefusal`, from this or any other copy of the package. */
  static isInstance(value: unknown): value is ToolRefusal {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[TOOL_REFUSAL_BRAND] === true
    );
  }

  /**
   * `instanceof ToolRefusal` answers as {@link ToolRefusal.isInstance} does, so it also holds across copies;
   * a subclass keeps the plain prototype check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: the class the check is made against
    const type = this as unknown;
    return type === ToolRefusal
      ? ToolRefusal.isInstance(value)
      : Function.prototype[Symbol.hasInstance].call(type, value);
  }
}
