import { PEER_NAME_PATTERN } from "@mesh/protocol";
import { HttpError } from "./http-error.js";

/** A peer name path parameter; 400 `invalid_name` when it is not one. */
export function nameParam(value: string, field: string): string {
  if (!PEER_NAME_PATTERN.test(value)) {
    throw new HttpError({
      code: "invalid_name",
      message: `${field} does not match the peer-name format`,
    });
  }
  return value;
}

/** A message id path parameter, and the 404 every unknown or foreign id gets. */
export function messageIdParam(raw: string): { id: number; notFound: () => HttpError } {
  if (!/^\d+$/.test(raw)) {
    throw new HttpError({
      code: "invalid_id",
      message: "msg_id must be a non-negative integer message id",
    });
  }
  const id = Number(raw);
  const notFound = () => new HttpError({ code: "not_found", message: `no message with id ${raw}` });
  if (!Number.isSafeInteger(id)) throw notFound();
  return { id, notFound };
}
