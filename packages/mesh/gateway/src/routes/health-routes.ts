import { singleFlight } from "../single-flight.js";
import { defineRoute, type GatewayRouteRecord } from "./gateway-route-record.js";
import { COMMON, errors } from "./openapi-parts.js";

/** `GET /health`, `GET /metrics` and `GET /openapi.json`: the gateway describing itself. */
export const HEALTH_ROUTES: readonly GatewayRouteRecord[] = [
  defineRoute({
    method: "GET",
    path: "/health",
    operationId: "getHealth",
    summary: "Liveness and database reachability",
    auth: "public",
    responses: {
      "200": { description: "ok", content: { "text/plain": { schema: { type: "string" } } } },
      "503": { description: "database unavailable" },
    },
    handler: ({ storage }) => {
      // One database ping at a time answers every health check that arrives meanwhile.
      const ping = singleFlight(() => storage.ping());
      return async (_request, reply) => {
        try {
          await ping();
          return reply.type("text/plain; charset=utf-8").send("ok");
        } catch {
          return reply.code(503).type("text/plain; charset=utf-8").send("database unavailable");
        }
      };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/metrics",
    operationId: "getMetrics",
    summary: "Prometheus metrics (admin token when one is configured)",
    auth: "admin",
    responses: {
      "200": {
        description: "the Prometheus text exposition format",
        content: { "text/plain": { schema: { type: "string" } } },
      },
      ...errors(403, ...COMMON),
    },
    handler:
      ({ metrics }) =>
      async (_request, reply) => {
        return reply.type("text/plain; version=0.0.4; charset=utf-8").send(await metrics.text());
      },
  }),
  defineRoute({
    method: "GET",
    path: "/openapi.json",
    auth: "public",
    handler:
      ({ openApi }) =>
      async (_request, reply) => {
        return reply.type("application/json; charset=utf-8").send(openApi());
      },
  }),
];
