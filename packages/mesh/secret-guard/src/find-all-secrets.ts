import type { SecretMatch } from "./credential-leak-error.js";
import { EXTRA_EXTENSION } from "./extra-extension.js";
import { findAllSecretsWith } from "./find-all-secrets-with.js";
import type { SecretGuardOptions } from "./secret-guard-options.js";

/**
 * Every credential in `content`, non-overlapping, in content order, for scanning whole
 * documents (logs, transcripts). Known secrets come first: their occurrences (leftmost,
 * longest) are taken out, then the shapes are searched in what remains, as though each
 * taken match had already been replaced by its `[REDACTED:<ruleId>]` marker. Among the
 * shapes, left to right, at each position the first rule in order that matches there wins;
 * after a match the next character starts a word, and an `AKIA` (or another literal whose
 * marker says aws) later on the line counts as the `aws` context of the aws secret
 * heuristic. So the output of `redactSecrets` holds nothing `findSecret` would refuse.
 * `options.rules` as for `findSecret`. Linear time.
 */
export function findAllSecrets(content: string, options?: SecretGuardOptions): SecretMatch[] {
  return findAllSecretsWith(content, options, EXTRA_EXTENSION);
}
