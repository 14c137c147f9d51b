import { IssueTokenBodySchema } from "@mesh/protocol";
import { nameParam } from "../path-params.js";
import { generatePeerToken, hashToken } from "../peer-tokens.js";
import { validateInput } from "../validate-input.js";
import { defineRoute, type GatewayRouteRecord } from "./gateway-route-record.js";
import { COMMON, errors, json, nameParameter } from "./openapi-parts.js";

/** `POST /admin/tokens`, `DELETE /admin/tokens/{peer}`: the admin issues and revokes peer tokens. */
export const TOKENS_ROUTES: readonly GatewayRouteRecord[] = [
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
