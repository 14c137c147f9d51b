import http from "node:http";
import type { FastifyServerFactory } from "fastify";
import type { ConnectionAdmission } from "./connection-admission.js";
import type { RequestGate } from "./request-gate.js";

/** The options of Fastify's own HTTP/1 server that its `serverFactory` receives. */
interface ServerFactoryOptions {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
}

/**
 * A Fastify `serverFactory`: the HTTP/1 server Fastify would create from the same options, with
 * `gate` between Node's parser and Fastify's request handler and new connections read as
 * `admission` lets them.
 */
export function gatedServerFactory(
  gate: RequestGate,
  admission: ConnectionAdmission,
): FastifyServerFactory {
  return (handler, options) => {
    const {
      http: httpOptions,
      keepAliveTimeout,
      requestTimeout,
      connectionTimeout,
    } = options as unknown as ServerFactoryOptions;
    // A request without a body gets no readable body stream: cheaper to parse and to abort
    // when its connection closes with thousands of pipelined requests unanswered.
    const server = http.createServer(
      { ...httpOptions, optimizeEmptyRequests: true },
      gate.serve(handler),
    );
    server.prependListener("request", (request) => admission.started(request.socket));
    server.keepAliveTimeout = keepAliveTimeout;
    server.requestTimeout = requestTimeout;
    server.setTimeout(connectionTimeout);
    server.on("connection", admission.admit);
    return server;
  };
}
