import { HttpError } from "./http-error.js";
import { type Reading, type ReadingRequest, resolveReading } from "./message-reading.js";
import type { RequestState } from "./request-state.js";

/** Refuses a peer token on an admin endpoint (the admin token and open mode pass). */
export function requireAdmin(state: RequestState): void {
  if (state.identity.mode === "peer") {
    throw new HttpError({ code: "forbidden", message: "this endpoint needs the admin token" });
  }
}

/** Refuses a peer token acting as another peer. */
export function requireSelf(state: RequestState, peer: string, action: string): void {
  if (state.identity.mode === "peer" && state.identity.peer !== peer) {
    throw new HttpError({
      code: "forbidden",
      message: `this token belongs to peer '${state.identity.peer}'; it may ${action} only as itself`,
    });
  }
}

/** What a read may see under the access rules; names the reader's peer in the log line. */
export function readingOf(state: RequestState, query: ReadingRequest): Reading {
  const reading = resolveReading(state.identity, query);
  const named = reading.to ?? reading.from ?? reading.involving;
  if (named !== undefined) state.peer ??= named;
  return reading;
}
