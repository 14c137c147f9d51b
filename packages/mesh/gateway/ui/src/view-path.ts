/** What the conversation pane shows. */
export type View =
  | { type: "inbox" }
  | { type: "sent" }
  /** What `me` sent that its recipient has not picked up yet (state `sent`). */
  | { type: "waiting" }
  | { type: "thread"; id: string }
  | { type: "search"; q: string };

/** Rows per page the views ask for (the gateway's largest page). */
export const VIEW_PAGE = 1000;
/** Search shows the first matches only. */
export const SEARCH_PAGE = 200;

/**
 * The `GET /messages` reading behind a view of `me`'s conversations: its inbox, what it sent
 * (with receipts) or what nobody picked up yet, one thread in both directions, or a search over
 * what the token may read.
 */
export function viewPath(view: View, me: string): string {
  const query = new URLSearchParams();
  if (view.type === "inbox") query.set("to", me);
  else if (view.type === "sent") query.set("from", me);
  else if (view.type === "waiting") {
    query.set("from", me);
    query.set("state", "sent");
  } else if (view.type === "thread") query.set("thread", view.id);
  else query.set("q", view.q);
  query.set("limit", String(view.type === "search" ? SEARCH_PAGE : VIEW_PAGE));
  return `/messages?${query}`;
}

/** The `GET /threads` reading of `me`: the admin names the peer, a peer token reads its own. */
export function threadsPath(me: string, admin: boolean): string {
  const query = new URLSearchParams({ limit: "100" });
  if (admin) query.set("peer", me);
  return `/threads?${query}`;
}

/** The view's heading. */
export function viewTitle(view: View, me: string): string {
  if (view.type === "inbox") return `Inbox of ${me}`;
  if (view.type === "sent") return `Sent by ${me}`;
  if (view.type === "waiting") return `Sent by ${me}, not picked up yet`;
  if (view.type === "thread") return `Thread ${view.id}`;
  return `Search: ${view.q}`;
}
