import { errorStatus } from "@mesh/protocol";
import type { FastifyError, FastifyInstance } from "fastify";
import type { GatewayMetrics } from "./gateway-metrics.js";
import { allowedMethods } from "./gateway-routes.js";
import { HttpError } from "./http-error.js";
import { pathOf } from "./register-request-log.js";
import { StorageError } from "./storage-error.js";

/**
 * Sets the replies of requests no route answers (405 with `Allow` on a known path, else 404)
 * and of errors: the JSON body `{ error, message }` with the status of the error.
 */
export function registerErrorReplies(
  app: FastifyInstance,
  metrics: GatewayMetrics,
  rateLimitPerMinute: number,
): void {
  // Unknown paths count toward the caller's rate limit like any route.
  const notFoundLimit = rateLimitPerMinute > 0 ? { preHandler: app.rateLimit() } : {};
  app.setNotFoundHandler(notFoundLimit, (request, reply) => {
    const path = pathOf(request.url);
    const allow = allowedMethods(path);
    if (allow !== undefined) {
      return reply
        .code(errorStatus("method_not_allowed"))
        .header("allow", allow)
        .send({
          error: "method_not_allowed",
          message: `${request.method} is not allowed on ${path.slice(0, 200)}; allowed: ${allow}`,
        });
    }
    return reply.code(errorStatus("not_found")).send({
      error: "not_found",
      message: `no endpoint ${request.method} ${path.slice(0, 200)}; see GET /openapi.json`,
    });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, code, message } = describeError(error);
    if (status >= 500 && !HttpError.isInstance(error)) {
      // Name and code only: a driver message could quote stored values.
      request.log.error(
        { error: `${error.name}${error.code === undefined ? "" : ` ${error.code}`}` },
        "request failed",
      );
    }
    if (code === "rate_limited") metrics.rateLimited.inc();
    if (HttpError.isInstance(error) && error.retryAfterSeconds !== undefined) {
      reply.header("retry-after", String(error.retryAfterSeconds));
    }
    const details = HttpError.isInstance(error) ? error.details : undefined;
    return reply.code(status).send({ error: code, message, ...details });
  });
}

function describeError(error: FastifyError): { status: number; code: string; message: string } {
  if (HttpError.isInstance(error)) {
    return { status: error.status, code: error.code, message: error.message };
  }
  if (StorageError.isInstance(error)) {
    return error.code === "registration_too_large"
      ? { status: 413, code: "payload_too_large", message: error.message }
      : { status: 503, code: "unavailable", message: "the database is unavailable; retry later" };
  }
  const status = error.statusCode;
  if (status === 415) {
    return { status, code: "unsupported_media_type", message: error.message };
  }
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, code: "invalid_body", message: error.message };
  }
  return { status: 500, code: "unavailable", message: "internal error; see the gateway log" };
}
