import {
  ErrorCode,
  type JSONRPCMessage,
  RELATED_TASK_META_KEY,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import type { StdioLineTransport } from "./stdio-line-transport.js";

/** The `result` of a `tools/call` as JSON text; throws an `McpError` for malformed params. */
export type CallAnswer = (params: unknown, signal: AbortSignal) => Promise<string>;

/**
 * Answers `tools/call` requests as they come off the stdio transport, past the SDK's
 * per-request machinery (a promise chain, closures for features the tools never use, and a
 * `JSON.stringify` of the whole answer, which serialized the structured result a second time):
 * about a third of the MCP layer's own CPU time on a `check_inbox` call.
 * It keeps what that machinery gives a call: cancellation by `notifications/cancelled` (no
 * answer then), an end to every running call when the connection closes, and JSON-RPC errors
 * worded as the SDK words them. Calls about tasks (which the server does not offer) are left to
 * the SDK.
 */
export class ToolCallShortcut {
  readonly #answer: CallAnswer;
  readonly #running = new Map<RequestId, AbortController>();

  constructor(answer: CallAnswer) {
    this.#answer = answer;
  }

  attach(transport: StdioLineTransport): void {
    transport.intercept = (message) => this.#take(message, transport);
  }

  /** Stops every running call without an answer: the connection is gone. */
  abortAll(): void {
    for (const controller of this.#running.values()) controller.abort();
    this.#running.clear();
  }

  #take(message: JSONRPCMessage, transport: StdioLineTransport): boolean {
    if (!("method" in message)) return false;
    if (message.method === "notifications/cancelled") {
      const params = message.params as { requestId?: RequestId; reason?: unknown } | undefined;
      const requestId = params?.requestId;
      const running = requestId === undefined ? undefined : this.#running.get(requestId);
      if (requestId === undefined || !running) return false;
      this.#running.delete(requestId);
      running.abort(params?.reason);
      return true;
    }
    if (message.method !== "tools/call" || !("id" in message) || !isPlainCall(message.params)) {
      return false;
    }
    void this.#run(message.id, message.params, transport);
    return true;
  }

  async #run(id: RequestId, params: unknown, transport: StdioLineTransport): Promise<void> {
    const controller = new AbortController();
    this.#running.set(id, controller);
    let line: string;
    try {
      const result = await this.#answer(params, controller.signal);
      line = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result}}`;
    } catch (error) {
      line = JSON.stringify({ jsonrpc: "2.0", id, error: rpcError(error) });
    }
    if (controller.signal.aborted) return;
    if (this.#running.get(id) === controller) this.#running.delete(id);
    try {
      await transport.sendLine(line);
    } catch (error) {
      transport.onerror?.(error as Error);
    }
  }
}

/** A call with object params that asks nothing of tasks. */
function isPlainCall(params: unknown): boolean {
  if (typeof params !== "object" || params === null || "task" in params) return false;
  const meta = (params as { _meta?: unknown })._meta;
  return !(typeof meta === "object" && meta !== null && RELATED_TASK_META_KEY in meta);
}

/** A thrown error as the SDK's protocol layer answers it. */
function rpcError(error: unknown): { code: number; message: string; data?: unknown } {
  const { code, message, data } = (error ?? {}) as {
    code?: unknown;
    message?: unknown;
    data?: unknown;
  };
  return {
    code: Number.isSafeInteger(code) ? (code as number) : ErrorCode.InternalError,
    message: typeof message === "string" ? message : "Internal error",
    ...(data !== undefined && { data }),
  };
}
