import type { StrictThread as Thread } from "@mesh/protocol";
import { useState } from "preact/hooks";
import { formatTime } from "./format-time.js";
import type { View } from "./view-path.js";

export interface ThreadsNavProps {
  me: string;
  threads: readonly Thread[];
  view: View;
  onView: (view: View) => void;
}

function Entry({
  current,
  onClick,
  children,
}: {
  current: boolean;
  onClick: () => void;
  children: preact.ComponentChildren;
}) {
  return (
    <li>
      <button
        type="button"
        class="entry"
        aria-current={current ? "true" : undefined}
        onClick={onClick}
      >
        {children}
      </button>
    </li>
  );
}

/** The views of `me`'s conversations: search, its inbox, what it sent, and each thread. */
export function ThreadsNav({ me, threads, view, onView }: ThreadsNavProps) {
  const [q, setQ] = useState("");
  const search = (event: Event) => {
    event.preventDefault();
    if (q.trim() !== "") onView({ type: "search", q: q.trim() });
  };
  return (
    <nav aria-label="Threads" class="threads card">
      <search>
        <form class="row" onSubmit={search}>
          <label for="search-q" class="visually-hidden">
            Search
          </label>
          <input
            id="search-q"
            type="search"
            placeholder="Words…"
            value={q}
            onInput={(e) => setQ(e.currentTarget.value)}
          />
          <button type="submit">Search</button>
        </form>
      </search>
      <ul>
        <Entry current={view.type === "inbox"} onClick={() => onView({ type: "inbox" })}>
          Inbox
        </Entry>
        <Entry current={view.type === "sent"} onClick={() => onView({ type: "sent" })}>
          Sent
        </Entry>
        <Entry current={view.type === "waiting"} onClick={() => onView({ type: "waiting" })}>
          Not picked up
        </Entry>
        {threads.map((thread) => {
          const others = thread.peers.filter((peer) => peer !== me);
          return (
            <Entry
              key={thread.thread_id}
              current={view.type === "thread" && view.id === thread.thread_id}
              onClick={() => onView({ type: "thread", id: thread.thread_id })}
            >
              <span class="tid">{thread.thread_id}</span>
              {thread.unread > 0 && <span class="badge">{`${thread.unread} unread`}</span>}
              <span class="meta">
                {`${others.length === 0 ? me : `with ${others.join(", ")}`} · ${thread.messages} msg`}
              </span>
              <span class="meta nowrap">{formatTime(thread.last_at)}</span>
            </Entry>
          );
        })}
      </ul>
      {threads.length === 0 && <p class="muted">{`No threads of ${me} yet.`}</p>}
    </nav>
  );
}
