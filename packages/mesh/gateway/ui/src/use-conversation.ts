import type { StrictMessage as Message, StrictThread as Thread } from "@mesh/protocol";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { applyReceipt } from "./apply-receipt.js";
import { followStream } from "./follow-stream.js";
import { ApiError, api } from "./gateway-api.js";
import { loadMessages } from "./load-messages.js";
import { mergeMessages } from "./merge-messages.js";
import { SEARCH_PAGE, threadsPath, VIEW_PAGE, type View, viewPath } from "./view-path.js";

/** Sent messages and threads are read again this often, so receipts move on screen. */
const REFRESH_MS = 10_000;
/** Live messages kept for a reading still running to merge. */
const LIVE_KEPT = 1000;

export interface ConversationHooks {
  /** A read failed. */
  onProblem: (error: unknown) => void;
  /** A read succeeded, so an earlier problem is resolved. */
  onResolved: () => void;
  /** The stream dropped: the gateway may be gone. */
  onDrop: () => void;
}

/** Whether a message that arrived live belongs in the view on screen. */
function belongs(view: View, message: Message): boolean {
  return view.type === "inbox" || (view.type === "thread" && message.thread_id === view.id);
}

/**
 * `me`'s conversations: the threads list and the messages of one view, read page by page,
 * updated live from `me`'s inbox stream (with the receipts of what it sent) and read again
 * every few seconds, which also brings what a receipt does not carry (`answer_id`).
 */
export function useConversation(
  token: string,
  me: string | null,
  admin: boolean,
  view: View,
  hooks: ConversationHooks,
) {
  /** The rows on screen and the view they belong to: another view's rows are never shown. */
  const [loaded, setLoaded] = useState<{ key: string; rows: Message[] } | null>(null);
  const [threads, setThreads] = useState<Thread[]>([]);
  const [version, setVersion] = useState(0);
  const [threadsVersion, setThreadsVersion] = useState(0);
  const refreshThreads = useCallback(() => setThreadsVersion((count) => count + 1), []);
  const reload = useCallback(() => {
    setVersion((count) => count + 1);
    setThreadsVersion((count) => count + 1);
  }, []);
  const { onProblem, onResolved, onDrop } = hooks;
  const viewKey = JSON.stringify(view);
  const key = `${me} ${viewKey}`;
  const messages = loaded?.key === key ? loaded.rows : null;
  const keyRef = useRef(key);
  keyRef.current = key;
  /** Changes the rows on screen, if they are still those of the view shown now. */
  const setMessages = useCallback(
    (change: (rows: Message[]) => Message[]) =>
      setLoaded((shown) =>
        shown === null || shown.key !== keyRef.current
          ? shown
          : { key: shown.key, rows: change(shown.rows) },
      ),
    [],
  );
  const viewRef = useRef(view);
  /** Messages of this view the stream delivered, kept until the next view. */
  const live = useRef<Message[]>([]);
  viewRef.current = view;

  useEffect(() => {
    setLoaded(null);
    live.current = [];
  }, [me, viewKey]);
  useEffect(() => {
    if (me === null) return;
    let stopped = false;
    const pageSize = view.type === "search" ? SEARCH_PAGE : VIEW_PAGE;
    // What the stream delivered while this reading ran stays: the reading may have missed it.
    const show = (rows: Message[]) => {
      if (!stopped) setLoaded({ key, rows: mergeMessages(rows, live.current) });
    };
    loadMessages(token, viewPath(view, me), {
      pageSize,
      pageByAfterId: view.type === "inbox",
      onPage: show,
    }).then((rows) => {
      if (stopped) return;
      onResolved();
      show(rows);
    }, onProblem);
    return () => {
      stopped = true;
    };
  }, [token, me, viewKey, version, onProblem, onResolved]);

  useEffect(() => {
    if (me === null) return;
    api<{ threads: Thread[] }>(token, "GET", threadsPath(me, admin)).then(
      (body) => setThreads(body.threads),
      (error) => {
        // A gateway without conversations has no /threads: the views still work.
        if (ApiError.isInstance(error) && error.status === 404) setThreads([]);
        else onProblem(error);
      },
    );
  }, [token, me, admin, threadsVersion, onProblem]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (viewRef.current.type !== "inbox") reload();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  useEffect(() => {
    if (me === null) return;
    const stop = new AbortController();
    void followStream({
      token,
      to: me,
      signal: stop.signal,
      onMessage: (message) => {
        onResolved();
        if (belongs(viewRef.current, message)) {
          // Bounded: only what a reading still running may have missed matters.
          live.current = [...live.current.slice(-(LIVE_KEPT - 1)), message];
          setMessages((shown) => mergeMessages(shown, [message]));
        }
        refreshThreads();
      },
      // What `me` sent changes state on screen as the recipient picks it up, reads, answers.
      onReceipt: (receipt) =>
        setMessages((shown) => shown.map((row) => applyReceipt(row, receipt))),
      onRefused: (status) =>
        onProblem(
          new ApiError({
            code: "forbidden",
            message: `this token may not read the inbox of ${me}`,
            status,
          }),
        ),
      onDrop,
      onResume: reload,
    });
    return () => stop.abort();
  }, [token, me, onProblem, onResolved, onDrop, reload, refreshThreads]);

  const markRead = (message: Message) => {
    api<Message>(token, "POST", `/messages/${message.id}/read`).then((updated) => {
      setMessages((shown) => shown.map((row) => (row.id === updated.id ? updated : row)));
      refreshThreads();
    }, onProblem);
  };
  return { messages, threads, markRead, reload };
}
