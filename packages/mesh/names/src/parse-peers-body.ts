import * as v from "valibot";

const BodySchema = v.union([v.array(v.unknown()), v.looseObject({ peers: v.array(v.unknown()) })]);

const NamedEntrySchema = v.looseObject({
  node_name: v.optional(v.unknown()),
  name: v.optional(v.unknown()),
  id: v.optional(v.unknown()),
  peer_name: v.optional(v.unknown()),
});

/** Outcome of reading a `/peers` body: the names, or why the body is unusable. */
export type PeersBodyResult =
  | { readonly ok: true; readonly names: ReadonlySet<string> }
  | { readonly ok: false; readonly reason: string };

/** A string entry is the name; an object's name is the first truthy of node_name, name, id, peer_name. */
function entryName(entry: unknown): string | undefined {
  if (typeof entry === "string") return entry === "" ? undefined : entry;
  const parsed = v.safeParse(NamedEntrySchema, entry);
  if (!parsed.success) return undefined;
  const { node_name, name, id, peer_name } = parsed.output;
  const first = node_name || name || id || peer_name;
  // A truthy non-string (e.g. a numeric id) can never be a peer name: the entry is dropped.
  return typeof first === "string" ? first : undefined;
}

/**
 * Reads the canonical names out of a parsed `GET /peers` body: a bare array or an
 * object with an array `peers`. Entries without a name are dropped. A body of any
 * other shape, or a non-empty list in which no entry has a name, is unusable: it must
 * be treated like an unreachable gateway and never cached as an empty registry.
 */
export function parsePeersBody(body: unknown): PeersBodyResult {
  const parsed = v.safeParse(BodySchema, body);
  if (!parsed.success) {
    return {
      ok: false,
      reason: "unexpected /peers body: expected an array or an object with an array 'peers'",
    };
  }
  const entries = Array.isArray(parsed.output) ? parsed.output : parsed.output.peers;
  const names = new Set<string>();
  for (const entry of entries) {
    const name = entryName(entry);
    if (name !== undefined) names.add(name);
  }
  if (entries.length > 0 && names.size === 0) {
    return {
      ok: false,
      reason: `unexpected /peers body: none of ${entries.length} entries has a name (node_name, name, id or peer_name)`,
    };
  }
  return { ok: true, names };
}
