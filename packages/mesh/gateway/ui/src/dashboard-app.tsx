import type { StrictPeer as Peer, StrictTokenHolder as TokenHolder } from "@mesh/protocol";
import { useCallback, useMemo, useState } from "preact/hooks";
import { AddPeerForm } from "./add-peer-form.js";
import { ComposeForm, type ReplyPreset } from "./compose-form.js";
import { ConfirmDialog } from "./confirm-dialog.js";
import { ConversationView } from "./conversation-view.js";
import { ApiError, type Session } from "./gateway-api.js";
import { HealthStrip, OutageBanner } from "./health-strip.js";
import { IssuedToken } from "./issued-token.js";
import { PeersTable } from "./peers-table.js";
import { replyTo } from "./reply-to.js";
import { SignInForm } from "./sign-in-form.js";
import { ThreadsNav } from "./threads-nav.js";
import { useConversation } from "./use-conversation.js";
import { useHealth } from "./use-health.js";
import { usePeerActions } from "./use-peer-actions.js";
import { usePeers } from "./use-peers.js";
import { useProblems } from "./use-problems.js";
import { useView } from "./use-view.js";
import { parseHash } from "./view-hash.js";
import type { View } from "./view-path.js";

/** sessionStorage key of the signed-in session: gone when the tab closes, never in a URL. */
const SESSION_KEY = "mesh.dashboard.session";

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

/** The admin's choice of whose conversations to read. */
function InboxChooser(props: {
  peers: readonly Peer[];
  inbox: string | null;
  onChoose: (name: string) => void;
}) {
  return (
    <p class="chooser">
      <label for="inbox-choice">Inbox</label>
      <select
        id="inbox-choice"
        value={props.inbox ?? ""}
        onChange={(e) => props.onChoose(e.currentTarget.value)}
      >
        {props.peers.map((peer) => (
          <option key={peer.name} value={peer.name}>
            {peer.name}
          </option>
        ))}
      </select>
    </p>
  );
}

interface PeersSectionProps {
  token: string;
  admin: boolean;
  peers: readonly Peer[];
  holders: readonly TokenHolder[];
  inbox: string | null;
  oldestUnread: ReadonlyMap<string, number>;
  actions: ReturnType<typeof usePeerActions>;
  onSelect: (name: string) => void;
  refresh: () => void;
}

/** The peers, with onboarding and the per-peer actions for the admin. */
function PeersSection({ token, admin, peers, inbox, actions, ...props }: PeersSectionProps) {
  const { issued, setIssued } = actions;
  return (
    <section aria-label="Peers section" class="peers-section">
      <h2>Peers</h2>
      <div class="onboarding">
        {admin && (
          <AddPeerForm
            token={token}
            known={peers.map((p) => p.name)}
            onAdded={(body) => {
              setIssued(body);
              props.refresh();
            }}
          />
        )}
        {issued !== null && (
          <IssuedToken peer={issued.peer} token={issued.token} onDone={() => setIssued(null)} />
        )}
      </div>
      <PeersTable
        peers={peers}
        holders={props.holders}
        admin={admin}
        selected={inbox}
        oldestUnread={props.oldestUnread}
        onSelect={props.onSelect}
        onToggle={actions.toggle}
        onIssue={actions.issue}
        onRevoke={actions.revoke}
      />
    </section>
  );
}

/** Problem reporting by source: a 401 signs out, an unreachable gateway asks health at once. */
function useReporting(onSignOut: () => void, poke: () => void) {
  const [problems, setProblem] = useProblems();
  const report = useCallback(
    (source: string) => (error: unknown) => {
      if (ApiError.isInstance(error) && error.status === 401) onSignOut();
      else if (ApiError.isInstance(error) && error.status === 0) poke();
      else setProblem(source, error instanceof Error ? error.message : "Something failed.");
    },
    [onSignOut, setProblem, poke],
  );
  const resolved = useCallback((source: string) => setProblem(source, null), [setProblem]);
  return { problems, report, resolved };
}

function SignedIn({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const { token } = session;
  const admin = session.auth !== "peer";
  const { health, poke } = useHealth(token, admin);
  const { problems, report, resolved } = useReporting(onSignOut, poke);
  const [linked] = useState(() => parseHash(location.hash));
  const [selected, setSelected] = useState<string | null>(session.peer ?? linked.peer);
  const [preset, setPreset] = useState<ReplyPreset | null>(null);
  const { peers, holders, refresh } = usePeers(token, admin, health.reachable, report, resolved);
  const inbox = session.peer ?? selected ?? peers[0]?.name ?? null;
  const [view, setView] = useView(inbox, linked.view);
  const hooks = useMemo(
    () => ({ onProblem: report("inbox"), onResolved: () => resolved("inbox"), onDrop: poke }),
    [report, resolved, poke],
  );
  const conversation = useConversation(token, inbox, admin, view, hooks);
  const actions = usePeerActions({ token, report, resolved, refresh });
  const showView = (next: View) => {
    setView(next);
    conversation.reload();
  };

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
      <Problems problems={problems} onDismiss={resolved} />
      {actions.notice !== null && (
        <p role="status" class="notice">
          {actions.notice}
        </p>
      )}
      <section aria-label="Conversations" class="conversations">
        {admin && <InboxChooser peers={peers} inbox={inbox} onChoose={setSelected} />}
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
      <PeersSection
        token={token}
        admin={admin}
        peers={peers}
        holders={holders}
        inbox={inbox}
        oldestUnread={health.oldestUnread}
        actions={actions}
        onSelect={setSelected}
        refresh={refresh}
      />
      {actions.confirm !== null && (
        <ConfirmDialog confirm={actions.confirm} onClose={() => actions.setConfirm(null)} />
      )}
    </main>
  );
}
