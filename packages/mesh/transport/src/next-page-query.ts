/**
 * The query of the next page from a `Link` header (`<…?…>; rel="next"`, RFC 8288), or
 * `undefined` when there is none. Only the query is taken: the path stays the client's own, so
 * a gateway behind a path prefix pages correctly.
 */
export function nextPageQuery(link: string | null): Record<string, string> | undefined {
  if (link === null) return undefined;
  for (const part of link.split(",")) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match === null || !/(^|;)\s*rel="?next"?\s*(;|$)/i.test(match[2]!)) continue;
    const target = match[1]!;
    const start = target.indexOf("?");
    const params = new URLSearchParams(start === -1 ? "" : target.slice(start + 1));
    return Object.fromEntries(params);
  }
  return undefined;
}
