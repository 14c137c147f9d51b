/** Characters a bearer token is made of (RFC 6750 `b64token`), minus the `=` padding. */
const TOKEN_CHAR = /[A-Za-z0-9._~+/-]/;
/**
 * From this length on, the token is redacted wherever it appears, even inside a longer word: a
 * coincidence is then impossible, while a shorter token could be part of ordinary text.
 */
const UNMISTAKABLE_LENGTH = 16;

const REDACTED = "[REDACTED]";

/**
 * Removes `token` from text that came from elsewhere (a response body, a cause message). A short
 * token is replaced only where it stands alone, so a 1-character token `t` leaves "bad port"
 * intact but turns "bad token t" into "bad token [REDACTED]"; a token of 16 characters or more
 * is replaced everywhere.
 */
export function redactToken(text: string, token: string | undefined): string {
  if (!token) return text;
  if (token.length >= UNMISTAKABLE_LENGTH) return text.replaceAll(token, REDACTED);
  let result = "";
  let from = 0;
  for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + 1)) {
    const end = at + token.length;
    if (at < from || !standsAlone(text, at, end)) continue;
    result += text.slice(from, at) + REDACTED;
    from = end;
  }
  return result + text.slice(from);
}

function standsAlone(text: string, start: number, end: number): boolean {
  return !TOKEN_CHAR.test(text.charAt(start - 1)) && !TOKEN_CHAR.test(text.charAt(end));
}
