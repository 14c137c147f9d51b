import { DEFAULT_THREAD_LIMIT, MAX_THREAD_LIMIT } from "@mesh/protocol";
import type { ThreadQuery } from "./gateway-storage.js";
import { HttpError } from "./http-error.js";
import type { Reader } from "./message-reading.js";
import { searchWords } from "./search-words.js";

/** The query of `GET /threads` as it arrives (validated strings). */
export interface ThreadsRequest {
  peer?: string | undefined;
  limit?: string | undefined;
  before_id?: string | undefined;
  q?: string | undefined;
}

/**
 * What `GET /threads` lists for this reader: a peer token its own threads, counting only its
 * messages and its unread ones; the admin and open mode every thread (or `peer`'s), counting
 * every unread message.
 */
export function threadQueryOf(reader: Reader, request: ThreadsRequest): ThreadQuery {
  let limit = DEFAULT_THREAD_LIMIT;
  if (request.limit !== undefined) {
    const parsed = Number(request.limit);
    if (parsed < 1)
      throw new HttpError({ code: "invalid_query", message: "limit must be at least 1" });
    limit = Math.min(parsed, MAX_THREAD_LIMIT);
  }
  const words = request.q === undefined ? undefined : searchWords(request.q);
  if (words !== undefined && words.length === 0) {
    throw new HttpError({
      code: "invalid_query",
      message: "q must hold at least one word (letters or digits)",
    });
  }
  const beforeId =
    request.before_id === undefined
      ? undefined
      : Math.min(Number(request.before_id), Number.MAX_SAFE_INTEGER);
  if (reader.mode !== "peer") return { party: request.peer, words, beforeId, limit };
  if (request.peer !== undefined && request.peer !== reader.peer) {
    throw new HttpError({
      code: "forbidden",
      message: `this token belongs to peer '${reader.peer}'; it may list only its own threads`,
    });
  }
  return { party: reader.peer, reader: reader.peer, words, beforeId, limit };
}
