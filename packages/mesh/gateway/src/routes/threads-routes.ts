import { ThreadsQuerySchema } from "@mesh/protocol";
import { nextLink } from "../message-page.js";
import { stateOf } from "../request-state.js";
import { threadQueryOf } from "../thread-query-of.js";
import { validateInput } from "../validate-input.js";
import { defineRoute } from "./gateway-route-record.js";
import { COMMON, errors, json, LINK_HEADER } from "./openapi-parts.js";

/** `GET /threads`: the conversations the caller took part in, newest activity first. */
export const LIST_THREADS_ROUTE = defineRoute({
  method: "GET",
  path: "/threads",
  operationId: "listThreads",
  summary: "The threads the caller took part in (admin: all, or peer=), newest activity first",
  auth: "token",
  query: ThreadsQuerySchema,
  responses: {
    "200": {
      ...json("ThreadList", "the threads"),
      headers: { Link: LINK_HEADER },
    },
    ...errors(400, 403, ...COMMON),
  },
  handler:
    ({ storage }) =>
    async (request, reply) => {
      const state = stateOf(request);
      const query = validateInput(ThreadsQuerySchema, request.query, "invalid_query");
      const threadQuery = threadQueryOf(state.identity, query);
      const rows = await storage.listThreads({ ...threadQuery, limit: threadQuery.limit + 1 });
      const threads = rows.slice(0, threadQuery.limit);
      if (rows.length > threadQuery.limit) {
        const last = threads[threads.length - 1]!.last_id;
        reply.header("link", nextLink(request.url, "/threads", "before_id", last));
      }
      return { threads };
    },
});
