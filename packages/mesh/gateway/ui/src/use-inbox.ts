import type { StrictMessage as Message } from "@mesh/protocol";
import { useEffect, useState } from "preact/hooks";
import { followStream } from "./follow-stream.js";
import { ApiError, api } from "./gateway-api.js";
import { loadInbox } from "./load-inbox.js";

export interface InboxHooks {
  /** A read failed. */
  onProblem: (error: unknown) => void;
  /** A read succeeded, so an earlier problem is resolved. */
  onResolved: () => void;
  /** The stream dropped: the gateway may be gone. */
  onDrop: () => void;
}

/** One inbox, loaded page by page and then followed live; `markRead` updates it in place. */
export function useInbox(token: string, inbox: string | null, hooks: InboxHooks) {
  const [messages, setMessages] = useState<Message[]>([]);
  const { onProblem, onResolved, onDrop } = hooks;
  useEffect(() => {
    setMessages([]);
    if (inbox === null) return;
    const stop = new AbortController();
    loadInbox(token, inbox).then((rows) => {
      if (stop.signal.aborted) return;
      onResolved();
      setMessages(rows);
      void followStream({
        token,
        to: inbox,
        afterId: rows.at(-1)?.id ?? 0,
        signal: stop.signal,
        onMessage: (message) => {
          onResolved();
          setMessages((shown) => [...shown, message]);
        },
        onRefused: (status) =>
          onProblem(
            new ApiError(status, "forbidden", `this token may not read the inbox of ${inbox}`),
          ),
        onDrop,
      });
    }, onProblem);
    return () => stop.abort();
  }, [token, inbox, onProblem, onResolved, onDrop]);

  const markRead = (message: Message) => {
    api<Message>(token, "POST", `/messages/${message.id}/read`).then((updated) => {
      setMessages((shown) => shown.map((row) => (row.id === updated.id ? updated : row)));
    }, onProblem);
  };
  return { messages, markRead };
}
