import { PatchPeerBodySchema, PeersQuerySchema, RegisterBodySchema } from "@mesh/protocol";
import { KNOWN_SECRET_RULE_ID } from "@mesh/secret-guard";
import { requireSelf } from "../access-checks.js";
import { HttpError } from "../http-error.js";
import { nameParam } from "../path-params.js";
import { peersPage } from "../peers-page.js";
import { checkRegistrationSize } from "../registration-limits.js";
import { stateOf } from "../request-state.js";
import { validateInput } from "../validate-input.js";
import { defineRoute, type GatewayRouteRecord } from "./gateway-route-record.js";
import { COMMON, errors, json, LINK_HEADER, nameParameter } from "./openapi-parts.js";

const REGISTER_FIELDS = new Set([
  "name",
  "url",
  "capabilities",
  "enabled",
  "last_health",
  "last_seen",
  "registered_at",
]);

/** `GET /peers`, `POST /peers/register`, `PATCH /peers/{name}`: the peer registry. */
export const PEERS_ROUTES: readonly GatewayRouteRecord[] = [
  defineRoute({
    method: "GET",
    path: "/peers",
    operationId: "listPeers",
    summary: "List registered peers, by name (at most 1000 or 4 MiB of JSON per page)",
    auth: "token",
    query: PeersQuerySchema,
    responses: {
      "200": {
        ...json("PeerList", "the peers"),
        headers: {
          Link: {
            ...LINK_HEADER,
            description: 'present when more peers remain: `</peers?...&after=<name>>; rel="next"`',
          },
        },
      },
      ...errors(400, ...COMMON),
    },
    handler:
      ({ storage }) =>
      async (request, reply) => {
        const query = validateInput(PeersQuerySchema, request.query, "invalid_query");
        const page = await peersPage(storage, query, request.url);
        if (page.link !== undefined) reply.header("link", page.link);
        return reply.type("application/json; charset=utf-8").send(page.json);
      },
  }),
  defineRoute({
    method: "POST",
    path: "/peers/register",
    operationId: "registerPeer",
    summary: "Register or re-register a peer (upsert by name)",
    auth: "token",
    body: RegisterBodySchema,
    responses: {
      "201": json("Peer", "first registration"),
      "200": json("Peer", "re-registration"),
      ...errors(400, 403, 413, ...COMMON),
    },
    handler:
      ({ storage, metrics, holdsOwnToken }) =>
      async (request, reply) => {
        const state = stateOf(request);
        const body = validateInput(RegisterBodySchema, request.body, "invalid_body");
        // Read from the raw body: valibot's record turns an array into an object.
        const { capabilities } = request.body as { capabilities?: unknown };
        if (capabilities === null || Array.isArray(capabilities)) {
          throw new HttpError({
            code: "invalid_body",
            message: "capabilities must be a JSON object",
          });
        }
        requireSelf(state, body.name, "register");
        state.peer = body.name;
        const extra: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(body)) {
          if (!REGISTER_FIELDS.has(key)) extra[key] = value;
        }
        const registered = body.capabilities ?? {};
        // Sized first (what is stored can only be larger), so the token check reads at most 16 KiB.
        checkRegistrationSize(registered, extra);
        const fields = [body.url, JSON.stringify(registered), JSON.stringify(extra)];
        if (await holdsOwnToken(fields)) {
          metrics.secretRefusals.inc({ rule: KNOWN_SECRET_RULE_ID });
          throw new HttpError({
            code: "secret_detected",
            message:
              "the registration holds one of this gateway's own tokens (in url, capabilities or an extra field), which every peer could read; credentials travel out of band",
            details: { rule: KNOWN_SECRET_RULE_ID },
          });
        }
        const { peer, created } = await storage.registerPeer({
          name: body.name,
          url: body.url ?? null,
          capabilities: registered,
          extra,
          at: new Date().toISOString(),
        });
        return reply.code(created ? 201 : 200).send(peer);
      },
  }),
  defineRoute<{ Params: { name: string } }>({
    method: "PATCH",
    path: "/peers/:name",
    operationId: "setPeerEnabled",
    summary: "Enable or disable a peer (admin)",
    auth: "admin",
    parameters: [nameParameter("name")],
    body: PatchPeerBodySchema,
    responses: { "200": json("Peer", "the peer"), ...errors(400, 403, 404, ...COMMON) },
    handler:
      ({ storage }) =>
      async (request) => {
        const name = nameParam(request.params.name, "peer name");
        const body = validateInput(PatchPeerBodySchema, request.body, "invalid_body");
        const peer = await storage.setPeerEnabled(name, body.enabled);
        if (peer === undefined)
          throw new HttpError({ code: "not_found", message: `no peer named '${name}'` });
        return peer;
      },
  }),
];
