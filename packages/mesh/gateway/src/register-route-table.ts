import type { FastifyInstance, preHandlerHookHandler } from "fastify";
import { requireAdmin } from "./access-checks.js";
import { GATEWAY_ROUTES } from "./gateway-routes.js";
import { stateOf } from "./request-state.js";
import type { RouteContext } from "./routes/gateway-route-record.js";

/** The `admin` rule, checked before the handler (after the body is read, like any check). */
const adminOnly: preHandlerHookHandler = (request, _reply, done) => {
  requireAdmin(stateOf(request));
  done();
};

/**
 * Registers the handler of every API route, from its record. Authentication itself is the
 * app's `onRequest` hook (which skips the `public` routes); the `admin` rule is a route hook.
 */
export function registerRouteTable(app: FastifyInstance, context: RouteContext): void {
  for (const record of GATEWAY_ROUTES) {
    app.route({
      method: record.method,
      url: record.path,
      handler: record.handler(context),
      exposeHeadRoute: record.head !== false,
      ...(record.auth === "admin" ? { preHandler: adminOnly } : {}),
    });
  }
}
