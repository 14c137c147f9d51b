import type { FastifyInstance, FastifyRequest } from "fastify";
import { PUBLIC_API_PATHS } from "./gateway-routes.js";
import type { GatewayStorage } from "./gateway-storage.js";
import { HttpError } from "./http-error.js";
import { hashToken, sameHash } from "./peer-tokens.js";
import { type Identity, STATE, type StatefulRequest } from "./request-state.js";
import { UI_PUBLIC_ROUTES } from "./ui-route.js";

/** Routes answered without a token: the public API routes and the dashboard's static files. */
const PUBLIC_ROUTES = new Set<string>([...PUBLIC_API_PATHS, ...UI_PUBLIC_ROUTES]);

export interface AuthenticationOptions {
  storage: Pick<GatewayStorage, "findTokenPeer">;
  /** Hash of the admin token; `undefined` runs the gateway in open mode. */
  adminHash: string | undefined;
  /** Counts a failed authentication; the 429 to send instead of the 401 past the limit. */
  authFailures: (request: FastifyRequest) => Promise<HttpError | undefined>;
}

/**
 * Adds the `onRequest` hook that authenticates every request but those of public routes and
 * keeps its identity on the request; returns the check of an `Authorization` header.
 */
export function registerAuthentication(
  app: FastifyInstance,
  { storage, adminHash, authFailures }: AuthenticationOptions,
): (header: string | undefined) => Identity | Promise<Identity> {
  const unauthorized = (message: string) => new HttpError({ code: "unauthorized", message });
  const authenticate = (header: string | undefined): Identity | Promise<Identity> => {
    if (adminHash === undefined) return { mode: "open" };
    const match = header === undefined ? null : /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    if (match === null) {
      throw unauthorized(
        "missing bearer token: send Authorization: Bearer <token> (the admin token MESH_GATEWAY_TOKEN or a peer token)",
      );
    }
    const hash = hashToken(match[1]!);
    if (sameHash(hash, adminHash)) return { mode: "admin" };
    return storage.findTokenPeer(hash).then((peer): Identity => {
      if (peer === undefined)
        throw unauthorized("unknown or revoked token: check MESH_GATEWAY_TOKEN");
      return { mode: "peer", peer, key: `token:${hash}` };
    });
  };
  /** A failed authentication counts against the address; past the limit it is 429, not 401. */
  const refuseAuth = async (request: FastifyRequest, error: unknown): Promise<never> => {
    if (HttpError.isInstance(error) && error.status === 401) {
      const limited = await authFailures(request);
      if (limited !== undefined) throw limited;
    }
    throw error;
  };

  // Callback-style hooks: no promise per request on the hot path when no database read is needed.
  app.addHook("onRequest", (request, _reply, done) => {
    const route = request.routeOptions.url;
    // Unknown paths authenticate too: a 404 is answered only to a caller who may ask.
    if (route !== undefined && PUBLIC_ROUTES.has(route)) {
      done();
      return;
    }
    const remember = (identity: Identity) => {
      (request as StatefulRequest)[STATE] = {
        identity,
        peer: identity.mode === "peer" ? identity.peer : undefined,
        key: keyOf(identity, request),
        logFields: undefined,
      };
      done();
    };
    const fail = (error: unknown) => {
      refuseAuth(request, error).catch(done);
    };
    try {
      const identity = authenticate(request.headers.authorization);
      if (identity instanceof Promise) identity.then(remember, fail);
      else remember(identity);
    } catch (error) {
      fail(error);
    }
  });
  return authenticate;
}

/** Whose limits a request draws on: a peer token, the admin token, or (open mode) an address. */
function keyOf(identity: Identity, request: FastifyRequest): string {
  if (identity.mode === "peer") return identity.key;
  return identity.mode === "admin" ? "admin" : `ip:${request.ip}`;
}
