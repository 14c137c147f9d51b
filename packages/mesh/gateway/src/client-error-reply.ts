import type { Socket } from "node:net";

interface ClientErrorAnswer {
  status: number;
  reason: string;
  code: string;
  message: string;
}

/** What the HTTP parser's own errors become: the same `{ error, message }` body as every reply. */
function answerFor(error: NodeJS.ErrnoException): ClientErrorAnswer {
  switch (error.code) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return {
        status: 408,
        reason: "Request Timeout",
        code: "request_timeout",
        message: "the request headers or body did not arrive in time; the connection is closed",
      };
    case "HPE_HEADER_OVERFLOW":
      return {
        status: 431,
        reason: "Request Header Fields Too Large",
        code: "payload_too_large",
        message: "the request headers are too large",
      };
    case "HPE_INVALID_METHOD":
      return {
        status: 405,
        reason: "Method Not Allowed",
        code: "method_not_allowed",
        message: "unknown HTTP method",
      };
    case "HPE_INVALID_URL":
      return {
        status: 400,
        reason: "Bad Request",
        code: "invalid_query",
        message: "malformed request target",
      };
    default:
      return {
        status: 400,
        reason: "Bad Request",
        code: "invalid_body",
        message: "malformed HTTP request (request line, headers or body framing)",
      };
  }
}

/**
 * Answers errors raised before a request reaches the router (Node's `clientError`: malformed
 * request line, unknown method, oversized headers, bad framing, and the header and body
 * deadlines) with a JSON error body where the socket can still take one, then closes it.
 */
export function clientErrorReply(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  // A response already under way cannot take a second one: only close.
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && pending?.headersSent !== true) {
    const answer = answerFor(error);
    const body = JSON.stringify({ error: answer.code, message: answer.message });
    socket.write(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    // Destroyed once the answer is flushed, whatever the client still sends.
    (socket as Socket & { destroySoon(): void }).destroySoon();
    return;
  }
  socket.destroy();
}
