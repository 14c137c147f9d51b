import { StorageError } from "./storage-error.js";

/** Most keys of `capabilities` plus the extra fields a peer's registration keeps. */
export const MAX_REGISTRATION_KEYS = 64;
/** Most bytes of `capabilities` plus the extra fields as JSON (UTF-8). */
export const MAX_REGISTRATION_BYTES = 16_384;

/**
 * Throws a `registration_too_large` `StorageError` when a peer's capabilities and extra fields
 * together exceed the limits. Checked on what is stored (extras merge across registrations),
 * so repeated registrations with new fields cannot grow a peer without bound.
 */
export function checkRegistrationSize(
  capabilities: Record<string, unknown>,
  extra: Record<string, unknown>,
): void {
  const keys = Object.keys(capabilities).length + Object.keys(extra).length;
  const bytes =
    Buffer.byteLength(JSON.stringify(capabilities)) + Buffer.byteLength(JSON.stringify(extra));
  if (keys > MAX_REGISTRATION_KEYS || bytes > MAX_REGISTRATION_BYTES) {
    throw new StorageError({
      code: "registration_too_large",
      message: `capabilities and extra fields are ${keys} keys and ${bytes} bytes of JSON; at most ${MAX_REGISTRATION_KEYS} keys and ${MAX_REGISTRATION_BYTES} bytes are kept per peer`,
    });
  }
}
