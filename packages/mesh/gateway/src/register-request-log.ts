import type { FastifyInstance } from "fastify";
import type { GatewayMetrics } from "./gateway-metrics.js";
import type { LoggerSetup } from "./request-logger.js";
import { ERROR_CODE, STATE, type StatefulRequest } from "./request-state.js";

/** Characters of a request path the log line keeps. */
const MAX_LOGGED_PATH = 200;
/** The code at the start of every error body this gateway sends: `{"error":"<code>",...`. */
const ERROR_BODY_CODE = /^\{"error":"([a-z0-9_]{1,64})"/;

/**
 * Adds the hooks that end every request: a reply sent before its body was read closes the
 * connection; every reply is counted in the metrics and written as one log line.
 */
export function registerRequestLog(
  app: FastifyInstance,
  metrics: GatewayMetrics,
  requestLine: LoggerSetup["requestLine"] | undefined,
): void {
  // A reply sent before the body was read (401, 403, 413, 429, 503) closes the connection, so
  // the rest of a large or stalled body is never read.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!request.raw.complete) reply.header("connection", "close");
    if (reply.statusCode >= 400 && typeof payload === "string") {
      (request as StatefulRequest)[ERROR_CODE] = ERROR_BODY_CODE.exec(payload)?.[1] ?? null;
    }
    done();
  });

  app.addHook("onResponse", (request, reply, done) => {
    const state = (request as StatefulRequest)[STATE] ?? null;
    const status = reply.statusCode;
    const route = request.routeOptions.url;
    metrics.countRequest(route ?? "unmatched", request.method, status);
    if (route === "/messages") {
      const seconds = reply.elapsedTime / 1000;
      if (request.method === "POST") metrics.sendSeconds.observe(seconds);
      else if (request.method === "GET") metrics.inboxSeconds.observe(seconds);
    }
    // The request's own logger names the request id itself; the line logger needs it given.
    const line: Record<string, unknown> = requestLine === undefined ? {} : { reqId: request.id };
    line["method"] = request.method;
    line["path"] = pathOf(request.url).slice(0, MAX_LOGGED_PATH);
    line["status"] = status;
    line["ms"] = Math.round(reply.elapsedTime * 100) / 100;
    if (state !== null) {
      line["auth"] = state.identity.mode;
      if (state.peer !== undefined) line["peer"] = state.peer;
      if (state.logFields !== undefined) Object.assign(line, state.logFields);
    }
    if (status >= 400) {
      // What went wrong and for whom: a 401 has no peer to name, only an address.
      const code = (request as StatefulRequest)[ERROR_CODE];
      if (code !== null) line["error"] = code;
      line["ip"] = request.ip;
    }
    const log = requestLine ?? request.log;
    if (status >= 500) log.error(line, "request");
    else log.info(line, "request");
    done();
  });
}

/** The path of a request URL, without the query. */
export function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}
