import type { StrictPeer as Peer } from "@mesh/protocol";
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { AddPeerForm } from "./add-peer-form.js";
import { ComposeForm, type ReplyPreset } from "./compose-form.js";
import { type Confirmation, ConfirmDialog } from "./confirm-dialog.js";
import { ConversationView } from "./conversation-view.js";
import { ApiError, api, type Session } from "./gateway-api.js";
import { HealthStrip, OutageBanner } from "./health-strip.js";
import { IssuedToken } from "./issued-token.js";
import { PeersTable } from "./peers-table.js";
import { replyTo } from "./reply-to.js";
import { SignInForm } from "./sign-in-form.js";
import { ThreadsNav } from "./threads-nav.js";
import { useConversation } from "./use-conversation.js";
import { useHealth } from "./use-health.js";
import { useProblems } from "./use-problems.js";
import { formatHash, parseHash } from "./view-hash.js";
import type { View } from "./view-path.js";

/** sessionStorage key of the signed-in session: gone when the tab closes, never in a URL. */
const SESSION_KEY = "mesh.dashboard.session";
const PEERS_REFRESH_MS = 10_000;

function storedSession(): Session | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    return raw === null ? null : (JSON.parse(raw) as Session);
  } catch {
    return null;
  }
}

/** The whole dashboard: sign-in, then the operator's console. */
export function DashboardApp() {
  const [session, setSession] = useState<Session | null>(storedSession);
  const signIn = (next: Session) => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(next));
    setSession(next);
  };
  const signOut = useCallback(() => {
    sessionStorage.removeItem(SESSION_KEY);
    setSession(null);
  }, []);
  if (session === null) return <SignInForm onSignedIn={signIn} />;
  return <SignedIn session={session} onSignOut={signOut} />;
}

function describeSession(session: Session): string {
  if (session.auth === "peer") return `Signed in as peer ${session.peer}`;
  return session.auth === "admin" ? "Signed in with the admin token" : "Open gateway (no token)";
}

/** Problems by source, each with a Dismiss; a source that succeeds again clears its own. */
function Problems({
  problems,
  onDismiss,
}: {
  problems: ReadonlyMap<string, string>;
  onDismiss: (source: string) => void;
}) {
  return (
    <>
      {[...problems].map(([source, text]) => (
        <div key={source} role="alert" class="banner">
          <span>{text}</span>
          <button type="button" onClick={() => onDismiss(source)}>
            Dismiss
          </button>
        </div>
      ))}
    </>
  );
}

/** Peers, kept fresh every few seconds and again as soon as the gateway is back. */
function usePeers(
  token: string,
  reachable: boolean,
  report: (source: string) => (e: unknown) => void,
  resolved: (source: string) => void,
) {
  const [peers, setPeers] = useState<Peer[]>([]);
  const refresh = useCallback(() => {
    api<{ peers: Peer[] }>(token, "GET", "/peers").then((body) => {
      setPeers(body.peers);
      resolved("peers");
    }, report("peers"));
  }, [token, report, resolved]);
  useEffect(() => {
    if (!reachable) return;
    refresh();
    const timer = setInterval(refresh, PEERS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh, reachable]);
  return { peers, refresh };
}

function SignedIn({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const { token } = session;
  const admin = session.auth !== "peer";
  const [problems, setProblem] = useProblems();
  const { health, poke } = useHealth(token, admin);
  const [linked] = useState(() => parseHash(location.hash));
  const [selected, setSelected] = useState<string | null>(session.peer ?? linked.peer);
  const [confirm, setConfirm] = useState<Confirmation | null>(null);
  const [issued, setIssued] = useState<{ peer: string; token: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [preset, setPreset] = useState<ReplyPreset | null>(null);

  const report = useCallback(
    (source: string) => (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) onSignOut();
      else if (error instanceof ApiError && error.status === 0) poke();
      else setProblem(source, error instanceof Error ? error.message : "Something failed.");
    },
    [onSignOut, setProblem, poke],
  );
  const resolved = useCallback((source: string) => setProblem(source, null), [setProblem]);
  const { peers, refresh } = usePeers(token, health.reachable, report, resolved);
  const inbox = session.peer ?? selected ?? peers[0]?.name ?? null;
  const [view, setView] = useState<View>(linked.view);
  const shownInbox = useRef(inbox);
  useEffect(() => {
    // Another inbox starts on its inbox view; the first one keeps the view the address named.
    if (shownInbox.current !== null && shownInbox.current !== inbox) setView({ type: "inbox" });
    shownInbox.current = inbox;
  }, [inbox]);
  useEffect(() => {
    const hash = formatHash(inbox, view);
    history.replaceState(null, "", hash === "" ? location.pathname : hash);
  }, [inbox, view]);
  const hooks = useMemo(
    () => ({ onProblem: report("inbox"), onResolved: () => resolved("inbox"), onDrop: poke }),
    [report, resolved, poke],
  );
  const conversation = useConversation(token, inbox, admin, view, hooks);
  const showView = (next: View) => {
    setView(next);
    conversation.reload();
  };

  const act = (promise: Promise<unknown>, done: string) =>
    promise.then(() => {
      resolved("action");
      setNotice(done);
      refresh();
    }, report("action"));
  const toggle = (peer: Peer) => {
    const change = () =>
      act(
        api(token, "PATCH", `/peers/${encodeURIComponent(peer.name)}`, { enabled: !peer.enabled }),
        `${peer.name} is ${peer.enabled ? "disabled" : "enabled"}.`,
      );
    if (!peer.enabled) return change();
    setConfirm({
      title: `Disable ${peer.name}?`,
      effect: `${peer.name} can no longer send, messages to it are refused, and its open streams end. Its messages and tokens stay; Enable undoes this.`,
      action: "Disable",
      run: change,
    });
  };
  const revoke = (peer: string) =>
    setConfirm({
      title: `Revoke the tokens of ${peer}?`,
      effect: `Every token issued to ${peer} stops working at once and its open streams end. ${peer} stays registered; issue a new token to let it back in.`,
      action: "Revoke",
      run: () =>
        void api<{ revoked: number }>(
          token,
          "DELETE",
          `/admin/tokens/${encodeURIComponent(peer)}`,
        ).then((body) => {
          resolved("action");
          setNotice(`Revoked ${body.revoked} token(s) of ${peer}.`);
        }, report("action")),
    });
  const issue = (peer: string) =>
    api<{ peer: string; token: string }>(token, "POST", "/admin/tokens", { peer }).then((body) => {
      resolved("action");
      setIssued(body);
    }, report("action"));

  return (
    <main>
      <header class="top">
        <h1>Mesh gateway</h1>
        <p class="muted">{describeSession(session)}</p>
        <button type="button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <OutageBanner health={health} />
      <HealthStrip health={health} />
      <Problems problems={problems} onDismiss={(source) => setProblem(source, null)} />
      {notice !== null && (
        <p role="status" class="notice">
          {notice}
        </p>
      )}
      <section aria-label="Conversations" class="conversations">
        {admin && (
          <p class="chooser">
            <label for="inbox-choice">Inbox</label>
            <select
              id="inbox-choice"
              value={inbox ?? ""}
              onChange={(e) => setSelected(e.currentTarget.value)}
            >
              {peers.map((peer) => (
                <option key={peer.name} value={peer.name}>
                  {peer.name}
                </option>
              ))}
            </select>
          </p>
        )}
        <div class="columns">
          {inbox !== null && (
            <ThreadsNav me={inbox} threads={conversation.threads} view={view} onView={showView} />
          )}
          {inbox !== null && (
            <ConversationView
              key={`${inbox} ${JSON.stringify(view)}`}
              me={inbox}
              view={view}
              messages={conversation.messages}
              onMarkRead={conversation.markRead}
              onReply={(message) => setPreset(replyTo(message))}
              onView={showView}
            />
          )}
          <ComposeForm
            token={token}
            senders={session.peer !== null ? [session.peer] : peers.map((peer) => peer.name)}
            peers={peers}
            inbox={inbox}
            preset={preset}
            onSent={() => {
              conversation.reload();
              refresh();
            }}
          />
        </div>
      </section>
      <section aria-label="Peers section" class="peers-section">
        <h2>Peers</h2>
        {admin && (
          <AddPeerForm
            token={token}
            known={peers.map((p) => p.name)}
            onAdded={(body) => {
              setIssued(body);
              refresh();
            }}
          />
        )}
        {issued !== null && (
          <IssuedToken peer={issued.peer} token={issued.token} onDone={() => setIssued(null)} />
        )}
        <div class="table-wrap">
          <PeersTable
            peers={peers}
            admin={admin}
            selected={inbox}
            oldestUnread={health.oldestUnread}
            onSelect={setSelected}
            onToggle={toggle}
            onIssue={issue}
            onRevoke={revoke}
          />
        </div>
      </section>
      {confirm !== null && <ConfirmDialog confirm={confirm} onClose={() => setConfirm(null)} />}
    </main>
  );
}
