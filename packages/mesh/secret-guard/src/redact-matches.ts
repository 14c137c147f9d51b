import type { SecretMatch } from "./credential-leak-error.js";

/** `content` with each match (non-overlapping, in order) replaced by `[REDACTED:<ruleId>]`. */
export function redactMatches(content: string, matches: readonly SecretMatch[]): string {
  let out = "";
  let at = 0;
  for (const match of matches) {
    out += content.slice(at, match.index) + "[REDACTED:" + match.ruleId + "]";
    at = match.index + match.length;
  }
  return out + content.slice(at);
}
