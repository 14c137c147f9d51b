/** An endpoint of the gateway API. */
export interface GatewayRoute {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** In Fastify's syntax: `/peers/:name`. */
  path: string;
  /** The OpenAPI operation; absent for the document itself. */
  operationId?: string;
  /** Answered without a token. */
  public?: boolean;
  /** `false`: a GET route that does not also answer HEAD (an event stream has no head). */
  head?: false;
}

/**
 * Every endpoint of the API, once: the app registers a handler for each, answers 405 with
 * these methods on their paths, and the OpenAPI document takes its paths from here. (The
 * dashboard's `/ui` routes are registered by the dashboard and are not part of the API.)
 */
export const GATEWAY_ROUTES = [
  { method: "GET", path: "/health", operationId: "getHealth", public: true },
  { method: "GET", path: "/metrics", operationId: "getMetrics" },
  { method: "GET", path: "/openapi.json", public: true },
  { method: "GET", path: "/peers", operationId: "listPeers" },
  { method: "POST", path: "/peers/register", operationId: "registerPeer" },
  { method: "PATCH", path: "/peers/:name", operationId: "setPeerEnabled" },
  { method: "GET", path: "/messages", operationId: "listMessages" },
  { method: "POST", path: "/messages", operationId: "sendMessage" },
  { method: "GET", path: "/messages/stream", operationId: "streamMessages", head: false },
  { method: "GET", path: "/messages/:msg_id", operationId: "getMessage" },
  { method: "GET", path: "/threads", operationId: "listThreads" },
  { method: "POST", path: "/messages/:msg_id/read", operationId: "markMessageRead" },
  { method: "POST", path: "/admin/tokens", operationId: "issueToken" },
  { method: "DELETE", path: "/admin/tokens/:peer", operationId: "revokeTokens" },
] as const satisfies readonly GatewayRoute[];

type Route = (typeof GATEWAY_ROUTES)[number];
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string }
  ? `${M} ${P}`
  : never;

/** `METHOD /path` of an API route: the key of its handler. */
export type GatewayRouteKey = KeyOf<Route>;

/** The operationIds of the API document. */
export type GatewayOperationId = Extract<Route, { operationId: string }>["operationId"];

/** The route of a handler key. */
export function routeOf(key: GatewayRouteKey): GatewayRoute {
  const route = GATEWAY_ROUTES.find((entry) => `${entry.method} ${entry.path}` === key);
  if (route === undefined) throw new Error(`no gateway route ${key}`);
  return route;
}

/** `/peers/:name` as OpenAPI writes it: `/peers/{name}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, "{$1}");
}

/** Each API path as a pattern over concrete paths, with the methods it answers. */
const PATHS = [...new Set<string>(GATEWAY_ROUTES.map((route) => route.path))].map((path) => {
  const routes: readonly GatewayRoute[] = GATEWAY_ROUTES.filter((route) => route.path === path);
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
