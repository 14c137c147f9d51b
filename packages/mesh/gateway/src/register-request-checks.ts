import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./http-error.js";

export interface RequestChecksOptions {
  /**
   * Host names answered besides the loopback ones (lowercase, IPv6 in brackets), or
   * `undefined` to answer any `Host` (a gateway with an admin token).
   */
  allowedHosts: ReadonlySet<string> | undefined;
}

/** Host names of this machine that a browser cannot be led to by DNS rebinding. */
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];
/** A `Host` value: a name or IPv4 address, or an IPv6 address in brackets; then maybe a port. */
const HOST_VALUE = /^(\[[0-9a-f:.]+\]|[^\s:[\]]+)(?::\d{1,5})?$/i;

/** The `{ error, message }` body as a complete HTTP/1.1 response that closes the connection. */
function rawAnswer(status: number, reason: string, code: string, message: string): string {
  const body = JSON.stringify({ error: code, message });
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Checks every request before authentication, and answers with the JSON error body what Node
 * would otherwise answer bare or not at all:
 * - exactly one `Host` on HTTP/1.1 (400), and in open mode only a loopback or allowed host name
 *   (421 `misdirected_request`, so DNS rebinding cannot reach the gateway from a web page);
 * - an `Expect` other than `100-continue`: 417; `CONNECT`: 405 `method_not_allowed`.
 */
export function registerRequestChecks(app: FastifyInstance, options: RequestChecksOptions): void {
  const allowed =
    options.allowedHosts === undefined
      ? undefined
      : new Set([...LOOPBACK_HOSTS, ...options.allowedHosts]);
  app.addHook("onRequest", (request, _reply, done) => {
    const refused = checkHost(request, allowed);
    if (refused === undefined) done();
    else done(refused);
  });
  app.server.on("checkExpectation", (_request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify({
      error: "invalid_body",
      message: "the only Expect value the gateway honours is 100-continue",
    });
    response.writeHead(417, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      connection: "close",
    });
    response.end(body);
  });
  app.server.on("connect", (_request: IncomingMessage, socket: Duplex) => {
    socket.on("error", () => {});
    socket.end(
      rawAnswer(
        405,
        "Method Not Allowed",
        "method_not_allowed",
        "CONNECT is not allowed: the gateway is not a proxy",
      ),
    );
  });
}

/** The error for a request's `Host` header, or `undefined` when it is fine. */
function checkHost(
  request: FastifyRequest,
  allowed: ReadonlySet<string> | undefined,
): HttpError | undefined {
  const raw = request.raw.rawHeaders;
  let given = 0;
  for (let index = 0; index < raw.length; index += 2) {
    if (raw[index]!.length === 4 && raw[index]!.toLowerCase() === "host") given++;
  }
  const needed = request.raw.httpVersion === "1.1" ? 1 : 0;
  if (given > 1 || given < needed) {
    return new HttpError({
      code: "invalid_body",
      message: "an HTTP/1.1 request needs exactly one Host header",
    });
  }
  const host = request.headers.host;
  if (allowed === undefined || host === undefined) return undefined;
  const name = HOST_VALUE.exec(host)?.[1]?.toLowerCase();
  if (name !== undefined && allowed.has(name)) return undefined;
  return new HttpError({
    code: "misdirected_request",
    message: `this open-mode gateway answers only loopback host names (localhost, 127.0.0.1, [::1]); start it with --allow-host ${name ?? "<name>"} (option allowedHosts) to answer that name, or set an admin token`,
  });
}
