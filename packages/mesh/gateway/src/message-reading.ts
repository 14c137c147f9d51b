import type { StrictMessage } from "@mesh/protocol";
import type { MessageFilter } from "./gateway-storage.js";
import { HttpError } from "./http-error.js";
import { searchWords } from "./search-words.js";

/** Who reads: the admin or open mode (everything), or a peer token (its own messages). */
export type Reader = { mode: "open" | "admin" } | { mode: "peer"; peer: string };

/** The filters of `GET /messages` and its stream, as the query names them. */
export interface ReadingRequest {
  to?: string | undefined;
  from?: string | undefined;
  with?: string | undefined;
  thread?: string | undefined;
  q?: string | undefined;
}

/** What a reading covers, as the storage filters it (`unreadOnly` is added by the caller). */
export type Reading = Omit<MessageFilter, "unreadOnly">;

/**
 * The messages a reading covers under the access rules: a peer token reads only messages it
 * sent or received (its inbox by default; what it sent or received when only `thread` or `q`
 * narrows it; both directions with one peer for `with`); the admin and open mode read
 * everything, `with` naming one side and `to` or `from` the other. Throws the 400 or 403 reply.
 */
export function resolveReading(reader: Reader, request: ReadingRequest): Reading {
  const words = request.q === undefined ? undefined : searchWords(request.q);
  if (words !== undefined && words.length === 0) {
    throw new HttpError({
      code: "invalid_query",
      message: "q must hold at least one word (letters or digits)",
    });
  }
  const common = { threadId: request.thread, words };
  const { to, from } = request;
  if (reader.mode !== "peer") {
    if (request.with === undefined) return { ...common, to, from };
    const other = to ?? from;
    if (other === undefined) {
      throw new HttpError({
        code: "invalid_query",
        message: "with needs to or from as the other side when read with the admin token",
      });
    }
    return {
      ...common,
      between: [request.with, other],
      // `to` named the other side; a `from` beside it still narrows the direction.
      from: to === undefined ? undefined : from,
    };
  }
  const self = reader.peer;
  if (
    (to !== undefined && to !== self && from !== self) ||
    (from !== undefined && from !== self && to !== self)
  ) {
    throw new HttpError({
      code: "forbidden",
      message: `this token belongs to peer '${self}'; it may read only messages it sent or received (to=${self} or from=${self})`,
    });
  }
  if (request.with !== undefined) return { ...common, between: [self, request.with], to, from };
  if (to !== undefined || from !== undefined) return { ...common, to, from };
  if (request.thread !== undefined || words !== undefined) return { ...common, involving: self };
  return { ...common, to: self };
}

/**
 * Whether a message belongs to a reading, judged without the database; `undefined` when only
 * the database can tell (a word search).
 */
export function matchesReading(reading: Reading, message: StrictMessage): boolean | undefined {
  const { from_node: from, to_node: to } = message;
  if (reading.to !== undefined && to !== reading.to) return false;
  if (reading.from !== undefined && from !== reading.from) return false;
  if (reading.threadId !== undefined && message.thread_id !== reading.threadId) return false;
  if (reading.involving !== undefined && from !== reading.involving && to !== reading.involving) {
    return false;
  }
  if (reading.between !== undefined) {
    const [a, b] = reading.between;
    if (!((from === a && to === b) || (from === b && to === a))) return false;
  }
  return reading.words === undefined ? true : undefined;
}
