import type { View } from "./view-path.js";

/**
 * The page's address fragment for a view, so a conversation can be bookmarked or reloaded:
 * `#peer=bob&thread=deploy-42`, `#peer=bob&box=sent` (or `waiting`), `#q=deploy`. Never holds a
 * token.
 */
export function formatHash(peer: string | null, view: View): string {
  const params = new URLSearchParams();
  if (peer !== null) params.set("peer", peer);
  if (view.type === "sent" || view.type === "waiting") params.set("box", view.type);
  else if (view.type === "thread") params.set("thread", view.id);
  else if (view.type === "search") params.set("q", view.q);
  const text = params.toString();
  return text === "" ? "" : `#${text}`;
}

/** The peer and view an address fragment names; anything unreadable is the inbox. */
export function parseHash(hash: string): { peer: string | null; view: View } {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const peer = params.get("peer") || null;
  const thread = params.get("thread");
  const q = params.get("q");
  if (thread) return { peer, view: { type: "thread", id: thread } };
  if (q) return { peer, view: { type: "search", q } };
  if (params.get("box") === "sent") return { peer, view: { type: "sent" } };
  if (params.get("box") === "waiting") return { peer, view: { type: "waiting" } };
  return { peer, view: { type: "inbox" } };
}
