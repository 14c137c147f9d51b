import * as v from "valibot";

const timestamp = v.optional(v.nullable(v.string()), null);
/** A JSON object with free-form keys (not an array, not null). */
export const FreeFormObjectSchema = v.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  "expected an object",
);

/**
 * A peer as the gateway returns it (`GET /peers`, `POST /peers/register`). Field names stay
 * snake_case as on the wire, timestamps stay ISO strings, and unknown extra fields are kept.
 * Absent optional fields get the spec's defaults.
 */
export const PeerSchema = v.looseObject({
  name: v.string(),
  url: v.optional(v.nullable(v.string()), null),
  capabilities: v.pipe(
    v.optional(v.nullable(FreeFormObjectSchema), null),
    v.transform((value) => value ?? {}),
  ),
  enabled: v.optional(v.boolean(), true),
  last_health: timestamp,
  last_seen: timestamp,
  registered_at: timestamp,
});

/** A registered peer of the mesh. */
export type Peer = v.InferOutput<typeof PeerSchema>;
