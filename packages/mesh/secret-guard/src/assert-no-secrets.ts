import { CredentialLeakError } from "./credential-leak-error.js";
import { findSecret } from "./find-secret.js";
import type { SecretGuardOptions } from "./secret-guard-options.js";

/** Throws `CredentialLeakError` for the match `findSecret` reports; returns nothing otherwise. */
export function assertNoSecrets(content: string, options?: SecretGuardOptions): void {
  const match = findSecret(content, options);
  if (match !== null) throw new CredentialLeakError(match);
}
