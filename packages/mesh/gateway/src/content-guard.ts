import { findSecret, KNOWN_SECRET_RULE_ID } from "@mesh/secret-guard";
import type { GatewayStorage } from "./gateway-storage.js";
import { hashToken } from "./peer-tokens.js";

/** How the gateway checks DM content: see `GatewayOptions.contentGuard`. */
export type ContentGuardMode = "tokens" | "refuse" | "off";

/** Outcome of a check: `refused` names the rule; `skipped` the generic rule a skip let through. */
export interface ContentGuardResult {
  refused?: string;
  skipped?: string;
}

/** Peer tokens are `mesh_` and 48 base64url characters; every `mesh_` start is a candidate. */
const PEER_TOKEN_PREFIX = "mesh_";
const PEER_TOKEN_CANDIDATE = /mesh_(?=[A-Za-z0-9_-]{48})/g;
const TOKEN_LENGTH = 53;
/** Hashes per storage lookup; a hostile content of 64 KiB holds at most ~13,000 candidates. */
const LOOKUP_BATCH = 1000;

/**
 * The server-side content guard. `tokens`: the gateway's own live credentials (the admin token,
 * in its encodings too, and any live peer token) are refused always, even when the client
 * skipped its check, since no legitimate message carries them. `refuse`: also every rule of
 * `@mesh/secret-guard`, unless the request says `skip` (a reviewed false positive). `off`: none.
 */
export function createContentGuard(
  mode: ContentGuardMode,
  adminToken: string | undefined,
  storage: Pick<GatewayStorage, "anyLiveToken">,
) {
  const knownSecrets = adminToken === undefined ? [] : [adminToken];
  const holdsPeerToken = (content: string) => holdsLivePeerToken(content, storage);

  return async (content: string, skipGeneric: boolean): Promise<ContentGuardResult> => {
    if (mode === "off") return {};
    // Known secrets are checked before the generic rules, so a hit on them decides first;
    // `tokens` needs no generic rule, so it asks for the known secrets alone (far cheaper).
    const match = findSecret(content, {
      knownSecrets,
      rules: mode === "tokens" ? "none" : undefined,
    });
    if (match?.ruleId === KNOWN_SECRET_RULE_ID) return { refused: KNOWN_SECRET_RULE_ID };
    if (await holdsPeerToken(content)) return { refused: KNOWN_SECRET_RULE_ID };
    if (mode === "tokens" || match === null) return {};
    return skipGeneric ? { skipped: match.ruleId } : { refused: match.ruleId };
  };
}

/**
 * The check of every other stored string (a message's `thread_id` and `related_task_id`, a
 * registration's `url`, capabilities and extra fields, given as their JSON text): whether one
 * holds the admin token or a live peer token. Every peer can read these fields, so the
 * gateway's own credentials are refused there as in content; `off` checks nothing.
 */
export function createOwnTokenCheck(
  mode: ContentGuardMode,
  adminToken: string | undefined,
  storage: Pick<GatewayStorage, "anyLiveToken">,
): (texts: ReadonlyArray<string | null | undefined>) => Promise<boolean> {
  const knownSecrets = adminToken === undefined ? [] : [adminToken];
  return async (texts) => {
    if (mode === "off") return false;
    for (const text of texts) {
      if (text === null || text === undefined || text === "") continue;
      if (findSecret(text, { knownSecrets, rules: "none" }) !== null) return true;
      if (await holdsLivePeerToken(text, storage)) return true;
    }
    return false;
  };
}

/** Whether `content` holds a live peer token: each `mesh_` candidate's hash is looked up. */
async function holdsLivePeerToken(
  content: string,
  storage: Pick<GatewayStorage, "anyLiveToken">,
): Promise<boolean> {
  // Most content has no `mesh_` at all: one native search settles it, no regex run.
  if (!content.includes(PEER_TOKEN_PREFIX)) return false;
  const hashes = new Set<string>();
  for (const match of content.matchAll(PEER_TOKEN_CANDIDATE)) {
    hashes.add(hashToken(content.slice(match.index, match.index + TOKEN_LENGTH)));
    if (hashes.size === LOOKUP_BATCH) {
      if (await storage.anyLiveToken([...hashes])) return true;
      hashes.clear();
    }
  }
  return hashes.size > 0 && storage.anyLiveToken([...hashes]);
}
