import { findAllSecrets } from "./find-all-secrets.js";
import { redactMatches } from "./redact-matches.js";
import type { SecretGuardOptions } from "./secret-guard-options.js";

/** `content` with every `findAllSecrets` match replaced by `[REDACTED:<ruleId>]`. */
export function redactSecrets(content: string, options?: SecretGuardOptions): string {
  return redactMatches(content, findAllSecrets(content, options));
}
