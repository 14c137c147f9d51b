import type { GatewayRouteRecord } from "./routes/gateway-route-record.js";
import { HEALTH_ROUTES } from "./routes/health-routes.js";
import {
  GET_MESSAGE_ROUTE,
  LIST_MESSAGES_ROUTE,
  MARK_MESSAGE_READ_ROUTE,
} from "./routes/messages-routes.js";
import { PEERS_ROUTES } from "./routes/peers-routes.js";
import { SEND_MESSAGE_ROUTE } from "./routes/send-message-route.js";
import { STREAM_MESSAGES_ROUTE } from "./routes/stream-routes.js";
import { LIST_THREADS_ROUTE } from "./routes/threads-routes.js";
import { TOKENS_ROUTES } from "./routes/tokens-routes.js";

/**
 * Every endpoint of the API, once, in the order the OpenAPI document lists them: the app
 * registers a handler for each, answers 405 with these methods on their paths, and the
 * OpenAPI document takes its operations from here. (The dashboard's `/ui` routes are
 * registered by the dashboard and are not part of the API.)
 */
export const GATEWAY_ROUTES: readonly GatewayRouteRecord[] = [
  ...HEALTH_ROUTES,
  ...PEERS_ROUTES,
  LIST_MESSAGES_ROUTE,
  SEND_MESSAGE_ROUTE,
  STREAM_MESSAGES_ROUTE,
  GET_MESSAGE_ROUTE,
  LIST_THREADS_ROUTE,
  MARK_MESSAGE_READ_ROUTE,
  ...TOKENS_ROUTES,
];

/** `/peers/:name` as OpenAPI writes it: `/peers/{name}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, "{$1}");
}

/** Each API path as a pattern over concrete paths, with the methods it answers. */
const PATHS = [...new Set<string>(GATEWAY_ROUTES.map((route) => route.path))].map((path) => {
  const routes = GATEWAY_ROUTES.filter((route) => route.path === path);
  const methods = routes.flatMap((route) =>
    route.method === "GET" && route.head !== false ? ["GET", "HEAD"] : [route.method],
  );
  const pattern = new RegExp(`^${path.replace(/:[A-Za-z_]+/g, "[^/]+")}$`);
  return { pattern, literal: path.includes(":") ? undefined : path, allow: methods.join(", ") };
});

/**
 * The `Allow` header of a concrete path the API knows (`GET, HEAD, POST`), else undefined. A
 * static path wins over a parameter (`/messages/stream` over `/messages/:msg_id`), as in routing.
 */
export function allowedMethods(path: string): string | undefined {
  return (
    PATHS.find(({ literal }) => literal === path) ?? PATHS.find(({ pattern }) => pattern.test(path))
  )?.allow;
}

/** The paths answered without a token. */
export const PUBLIC_API_PATHS: readonly string[] = GATEWAY_ROUTES.flatMap((route) =>
  route.auth === "public" ? [route.path] : [],
);
