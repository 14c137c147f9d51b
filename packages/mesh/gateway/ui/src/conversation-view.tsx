import type { StrictMessage as Message } from "@mesh/protocol";
import { useState } from "preact/hooks";
import { formatTime } from "./format-time.js";
import { receiptOf } from "./receipt-of.js";
import { type View, viewTitle } from "./view-path.js";

export interface ConversationViewProps {
  me: string;
  view: View;
  /** `null` while loading. */
  messages: readonly Message[] | null;
  onMarkRead: (message: Message) => void;
  onReply: (message: Message) => void;
  onView: (view: View) => void;
}

/** Brings a message of the view on screen and gives it focus (an answer below its question). */
function showMessage(id: number) {
  const item = document.getElementById(`msg-${id}`);
  item?.scrollIntoView({ block: "center" });
  item?.focus();
}

/** Where a sent message stands, with every state it went through on hover, and its answer. */
function Receipt({ message, props }: { message: Message; props: ConversationViewProps }) {
  const { state, at, steps, answerId } = receiptOf(message as unknown as Record<string, unknown>);
  const thread = message.thread_id;
  const history = steps.map((step) => `${step.state} ${formatTime(step.at)}`).join("\n");
  return (
    <>
      <span class={`pill receipt ${state}`} title={history}>
        {`${state}${at === null ? "" : ` ${formatTime(at)}`}`}
      </span>
      {answerId !== null && thread !== null && (
        <button
          type="button"
          class="link answer-link"
          onClick={() =>
            props.view.type === "thread"
              ? showMessage(answerId)
              : props.onView({ type: "thread", id: thread })
          }
        >
          {`See answer #${answerId}`}
        </button>
      )}
    </>
  );
}

function Item({ message, props }: { message: Message; props: ConversationViewProps }) {
  const mine = message.from_node === props.me;
  const thread = message.thread_id;
  const { replyBy } = receiptOf(message as unknown as Record<string, unknown>);
  return (
    <li
      id={`msg-${message.id}`}
      tabIndex={-1}
      class={`msg${mine ? " mine" : ""}${!mine && message.read_at === null ? " unread" : ""}`}
    >
      <p class="meta">
        {`#${message.id} · ${message.kind} · ${message.from_node} → ${message.to_node} · ${formatTime(message.created_at)}`}
        {message.related_task_id !== null && ` · task ${message.related_task_id}`}
        {replyBy !== null && ` · reply by ${formatTime(replyBy)}`}
        {thread !== null && props.view.type !== "thread" && (
          <>
            {" · "}
            <button
              type="button"
              class="link"
              onClick={() => props.onView({ type: "thread", id: thread })}
            >
              {`thread ${thread}`}
            </button>
          </>
        )}
      </p>
      <p class="content">{message.content}</p>
      <div class="row">
        {mine ? (
          <Receipt message={message} props={props} />
        ) : (
          <>
            {message.read_at !== null ? (
              <span class="meta">{`read ${formatTime(message.read_at)}`}</span>
            ) : (
              message.to_node === props.me && (
                <button type="button" onClick={() => props.onMarkRead(message)}>
                  {`Mark #${message.id} read`}
                </button>
              )
            )}
            <button
              type="button"
              aria-label={`Reply to #${message.id}`}
              onClick={() => props.onReply(message)}
            >
              Reply
            </button>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * Messages a view puts on screen at first: the newest ones. A long thread shows them at once
 * and the earlier ones on request, instead of building thousands of rows before the first paint.
 */
export const FIRST_SHOWN = 200;

/**
 * One view of `me`'s conversations, oldest first: sent messages carry their receipt (`sent`,
 * `delivered`, `read`, `answered` with a way to the answer, `expired`), questions their deadline.
 */
export function ConversationView(props: ConversationViewProps) {
  const { messages } = props;
  const [all, setAll] = useState(false);
  const hidden = messages === null || all ? 0 : Math.max(0, messages.length - FIRST_SHOWN);
  return (
    <section aria-label="Conversation" class="conversation">
      <h2>{viewTitle(props.view, props.me)}</h2>
      {messages === null ? (
        <p class="muted">Loading…</p>
      ) : messages.length === 0 ? (
        <p class="muted">No messages.</p>
      ) : (
        <ol class="messages">
          {hidden > 0 && (
            <li class="earlier">
              <button type="button" onClick={() => setAll(true)}>
                {`Show ${hidden} earlier messages`}
              </button>
            </li>
          )}
          {messages.slice(hidden).map((message) => (
            <Item key={message.id} message={message} props={props} />
          ))}
        </ol>
      )}
    </section>
  );
}
