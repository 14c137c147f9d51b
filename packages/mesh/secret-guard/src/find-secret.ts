import type { SecretMatch } from "./credential-leak-error.js";
import { EXTRA_EXTENSION } from "./extra-extension.js";
import { findSecretWith } from "./find-secret-with.js";
import type { SecretGuardOptions } from "./secret-guard-options.js";

/**
 * The first credential in `content`, or null. Known secrets are checked first, then the
 * shapes in order (the spec's twelve, then with `rules: 'all'`, the default, the extra
 * ones): the earliest rule that matches anywhere decides, reported at its leftmost match.
 * Linear time in the content length for every input.
 */
export function findSecret(content: string, options?: SecretGuardOptions): SecretMatch | null {
  return findSecretWith(content, options, EXTRA_EXTENSION);
}
