import { DM_KINDS, type StrictPeer as Peer } from "@mesh/protocol";
import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "./gateway-api.js";

/** Fields a Reply fills in; a new object each time, so the same reply twice refills. */
export interface ReplyPreset {
  from: string;
  to: string;
  kind: string;
  thread: string;
}

export interface ComposeFormProps {
  token: string;
  /** Names the sender may be: only its own for a peer token, any peer for the admin. */
  senders: readonly string[];
  peers: readonly Peer[];
  /** The inbox being viewed: "From" follows it whenever it changes. */
  inbox: string | null;
  preset: ReplyPreset | null;
  onSent: () => void;
}

/** Writes a DM; the credential guard runs in the page before anything is sent. */
export function ComposeForm({ token, senders, peers, inbox, preset, onSent }: ComposeFormProps) {
  const [from, setFrom] = useState(inbox ?? senders[0] ?? "");
  const [to, setTo] = useState("");
  const [kind, setKind] = useState<string>("fyi");
  const [content, setContent] = useState("");
  const [thread, setThread] = useState("");
  /** A question's deadline as `datetime-local` text, read as UTC. */
  const [replyBy, setReplyBy] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    if (inbox !== null) setFrom(inbox);
  }, [inbox]);
  useEffect(() => {
    if (preset === null) return;
    setFrom(preset.from);
    setTo(preset.to);
    setKind(preset.kind);
    setThread(preset.thread);
    setRefusal(null);
    setStatus(null);
    document.getElementById("compose-content")?.focus();
  }, [preset]);
  const sender = senders.includes(from) ? from : (senders[0] ?? "");

  const submit = async (event: Event) => {
    event.preventDefault();
    setStatus(null);
    // The credential guard is the page's largest part and only a send needs it: loaded then.
    const { checkDraft } = await import("./check-draft.js");
    const problem = checkDraft({ from: sender, to, content }, token);
    setRefusal(problem);
    if (problem !== null) return;
    const body: Record<string, string> = { from_node: sender, to_node: to.trim(), kind, content };
    if (thread.trim() !== "") body["thread_id"] = thread.trim();
    // `datetime-local` gives minutes, or seconds too: either way a UTC time on the wire.
    if (kind === "question" && replyBy !== "") {
      body["reply_by"] = `${replyBy}${replyBy.length === 16 ? ":00" : ""}Z`;
    }
    try {
      const sent = await api<{ id: number }>(token, "POST", "/messages", body, {
        "idempotency-key": crypto.randomUUID(),
      });
      setContent("");
      setReplyBy("");
      setStatus(`Sent as #${sent.id}.`);
      onSent();
    } catch (caught) {
      setRefusal(
        ApiError.isInstance(caught) ? `The gateway refused: ${caught.message}` : "Sending failed.",
      );
    }
  };

  return (
    <form aria-label="Compose" class="compose card" method="post" action="#" onSubmit={submit}>
      <h2>Compose</h2>
      <label for="compose-from">From</label>
      <select id="compose-from" value={sender} onChange={(e) => setFrom(e.currentTarget.value)}>
        {senders.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <label for="compose-to">To</label>
      <input
        id="compose-to"
        list="compose-peers"
        autocomplete="off"
        spellcheck={false}
        value={to}
        onInput={(e) => setTo(e.currentTarget.value)}
      />
      <datalist id="compose-peers">
        {peers.map((peer) => (
          <option key={peer.name} value={peer.name} />
        ))}
      </datalist>
      <label for="compose-kind">Kind</label>
      <select id="compose-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value)}>
        {DM_KINDS.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <label for="compose-thread">Thread</label>
      <input
        id="compose-thread"
        spellcheck={false}
        value={thread}
        onInput={(e) => setThread(e.currentTarget.value)}
      />
      {kind === "question" && (
        <>
          <label for="compose-reply-by">Reply by (UTC, optional)</label>
          <input
            id="compose-reply-by"
            type="datetime-local"
            value={replyBy}
            onInput={(e) => setReplyBy(e.currentTarget.value)}
          />
        </>
      )}
      <label for="compose-content">Message</label>
      <textarea
        id="compose-content"
        rows={4}
        value={content}
        onInput={(e) => setContent(e.currentTarget.value)}
      />
      <button type="submit">Send</button>
      {refusal !== null && <p role="alert">{refusal}</p>}
      {status !== null && <p role="status">{status}</p>}
    </form>
  );
}
