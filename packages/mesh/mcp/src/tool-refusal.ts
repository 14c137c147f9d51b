/**
 * A call the MCP server itself refuses before asking the gateway (a DM to oneself). It never
 * leaves the package: the server turns it into a tool result with `isError: true`.
 */
export class ToolRefusal extends Error {
  /** Stable code, read by `describeToolError` for its advice. */
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = "ToolRefusal";
    this.code = code;
  }
}
