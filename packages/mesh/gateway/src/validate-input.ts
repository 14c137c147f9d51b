import type { ErrorCode } from "@mesh/protocol";
import * as v from "valibot";
import { HttpError } from "./http-error.js";

const NAME_FIELDS = new Set(["name", "from_node", "to_node", "peer", "to", "from", "with"]);

/**
 * Parses untrusted input with a valibot schema; the first issue becomes a 4xx `HttpError`:
 * `invalid_name` for a peer name outside the format, `unknown_kind` for a kind outside the
 * enum, `payload_too_large` for oversized content, else `fallbackCode`.
 */
export function validateInput<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  fallbackCode: Extract<ErrorCode, "invalid_body" | "invalid_query">,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (result.success) return result.output;
  const issue = result.issues[0];
  const key = issue.path?.[0]?.key;
  const field = typeof key === "string" ? key : undefined;
  if (field !== undefined && issue.path?.length === 1 && issue.input === undefined) {
    throw new HttpError({ code: fallbackCode, message: `${field} is required` });
  }
  if (field !== undefined && NAME_FIELDS.has(field) && issue.type === "regex") {
    throw new HttpError({ code: "invalid_name", message: issue.message });
  }
  if (field === "kind" && issue.type === "picklist" && typeof issue.input === "string") {
    throw new HttpError({ code: "unknown_kind", message: issue.message });
  }
  if (issue.type === "max_bytes") {
    throw new HttpError({ code: "payload_too_large", message: issue.message });
  }
  throw new HttpError({ code: fallbackCode, message: issue.message });
}
