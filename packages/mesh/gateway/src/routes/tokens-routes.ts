import { IssueTokenBodySchema, TokenHoldersQuerySchema } from "@mesh/protocol";
import { nameParam } from "../path-params.js";
import { generatePeerToken, hashToken } from "../peer-tokens.js";
import { tokenHoldersPage } from "../token-holders-page.js";
import { validateInput } from "../validate-input.js";
import { defineRoute, type GatewayRouteRecord } from "./gateway-route-record.js";
import { COMMON, errors, json, LINK_HEADER, nameParameter } from "./openapi-parts.js";

/**
 * `GET /admin/tokens`, `POST /admin/tokens`, `DELETE /admin/tokens/{peer}`: the admin lists who
 * holds tokens (never a token), issues and revokes peer tokens.
 */
export const TOKENS_ROUTES: readonly GatewayRouteRecord[] = [
  defineRoute({
    method: "GET",
    path: "/admin/tokens",
    operationId: "listTokenHolders",
    summary:
      "The peers holding tokens (admin), by name, registered or not, with how many and when issued; never a token",
    auth: "admin",
    query: TokenHoldersQuerySchema,
    responses: {
      "200": {
        ...json("TokenHolderList", "the token holders"),
        headers: {
          Link: {
            ...LINK_HEADER,
            description:
              'present when more holders remain: `</admin/tokens?...&after=<name>>; rel="next"`',
          },
        },
      },
      ...errors(400, 403, ...COMMON),
    },
    handler:
      ({ storage }) =>
      async (request, reply) => {
        const query = validateInput(TokenHoldersQuerySchema, request.query, "invalid_query");
        const page = await tokenHoldersPage(storage, query, request.url);
        if (page.link !== undefined) reply.header("link", page.link);
        return { holders: page.holders };
      },
  }),
  defineRoute({
    method: "POST",
    path: "/admin/tokens",
    operationId: "issueToken",
    summary: "Issue a peer token (admin); the token is shown only here",
    auth: "admin",
    body: IssueTokenBodySchema,
    responses: {
      "201": json("IssuedToken", "the new token"),
      ...errors(400, 403, ...COMMON),
    },
    handler:
      ({ storage }) =>
      async (request, reply) => {
        const body = validateInput(IssueTokenBodySchema, request.body, "invalid_body");
        const token = generatePeerToken();
        await storage.saveToken(body.peer, hashToken(token), new Date().toISOString());
        return reply.code(201).send({ peer: body.peer, token });
      },
  }),
  defineRoute<{ Params: { peer: string } }>({
    method: "DELETE",
    path: "/admin/tokens/:peer",
    operationId: "revokeTokens",
    summary: "Revoke every token of a peer (admin)",
    auth: "admin",
    parameters: [nameParameter("peer")],
    responses: {
      "200": json("RevokedTokens", "how many"),
      ...errors(400, 403, ...COMMON),
    },
    handler:
      ({ storage, streams }) =>
      async (request) => {
        const peer = nameParam(request.params.peer, "peer");
        const revoked = await storage.revokeTokens(peer);
        streams.endPeer(peer);
        return { peer, revoked };
      },
  }),
];
