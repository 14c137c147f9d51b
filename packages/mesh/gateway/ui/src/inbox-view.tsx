import type { StrictMessage as Message } from "@mesh/protocol";
import { formatTime } from "./format-time.js";
import { groupThreads } from "./group-threads.js";

export interface InboxViewProps {
  peer: string | null;
  messages: readonly Message[];
  onMarkRead: (message: Message) => void;
  onReply: (message: Message) => void;
}

/** One peer's inbox, grouped by thread, threads with unread messages first. */
export function InboxView({ peer, messages, onMarkRead, onReply }: InboxViewProps) {
  const groups = groupThreads(messages);
  return (
    <section aria-label="Inbox" class="inbox">
      <h2>{peer === null ? "Inbox" : `Inbox of ${peer}`}</h2>
      {groups.length === 0 && <p class="muted">No messages.</p>}
      {groups.map((group) => (
        <article key={group.threadId ?? "\u0000"} class="thread card">
          <h3>
            {group.threadId === null ? "No thread" : `Thread ${group.threadId}`}
            {group.unread > 0 && <span class="badge">{`${group.unread} unread`}</span>}
          </h3>
          <ol>
            {group.messages.map((message) => (
              <li key={message.id} class={message.read_at === null ? "msg unread" : "msg"}>
                <p class="meta">
                  {`#${message.id} · ${message.kind} from ${message.from_node} · ${formatTime(message.created_at)}`}
                  {message.related_task_id !== null && ` · task ${message.related_task_id}`}
                </p>
                <p class="content">{message.content}</p>
                <div class="row">
                  {message.read_at === null ? (
                    <button type="button" onClick={() => onMarkRead(message)}>
                      {`Mark #${message.id} read`}
                    </button>
                  ) : (
                    <span class="meta">{`read ${formatTime(message.read_at)}`}</span>
                  )}
                  <button
                    type="button"
                    aria-label={`Reply to #${message.id}`}
                    onClick={() => onReply(message)}
                  >
                    Reply
                  </button>
                </div>
              </li>
            ))}
          </ol>
        </article>
      ))}
    </section>
  );
}
