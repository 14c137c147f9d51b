import type { FastifyRequest } from "fastify";
import { HttpError } from "./http-error.js";

/** Who is calling, decided once per request. */
export type Identity =
  | { mode: "open" }
  | { mode: "admin" }
  /** `key` names the token (its hash) for per-token limits. */
  | { mode: "peer"; peer: string; key: string };

export interface RequestState {
  identity: Identity;
  /** The peer the log line names. */
  peer: string | undefined;
  /** Whose rate limit and body-budget share the request draws on: its token, else its address. */
  key: string;
  /** Extra fields of the request's log line. */
  logFields: Record<string, string> | undefined;
}

/** Request decoration holding the `RequestState` (null until authenticated). */
export const STATE = Symbol("mesh.requestState");
/** Request decoration holding the `error` code of a 4xx or 5xx reply, for its log line. */
export const ERROR_CODE = Symbol("mesh.errorCode");
export type StatefulRequest = FastifyRequest & {
  [STATE]: RequestState | null;
  [ERROR_CODE]: string | null;
};

/** The state of an authenticated request (a 401 for one that skipped authentication). */
export function stateOf(request: FastifyRequest): RequestState {
  const state = (request as StatefulRequest)[STATE] ?? null;
  if (state === null)
    throw new HttpError({ code: "unauthorized", message: "request not authenticated" });
  return state;
}
