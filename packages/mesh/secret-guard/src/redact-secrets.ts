import { findAllSecrets } from "./find-all-secrets.js";
import type { SecretGuardOptions } from "./secret-guard-options.js";

/** `content` with every `findAllSecrets` match replaced by `[REDACTED:<ruleId>]`. */
export function redactSecrets(content: string, options?: SecretGuardOptions): string {
  const matches = findAllSecrets(content, options);
  if (matches.length === 0) return content;
  let out = "";
  let at = 0;
  for (const match of matches) {
    out += content.slice(at, match.index) + "[REDACTED:" + match.ruleId + "]";
    at = match.index + match.length;
  }
  return out + content.slice(at);
}
