import { useCallback, useEffect, useState } from "preact/hooks";
import { ComposeForm } from "./compose-form.js";
import { followStream } from "./follow-stream.js";
import { ApiError, api, type Session } from "./gateway-api.js";
import { InboxView } from "./inbox-view.js";
import { IssuedToken } from "./issued-token.js";
import { loadInbox } from "./load-inbox.js";
import { PeersTable } from "./peers-table.js";
import { SignInForm } from "./sign-in-form.js";
import type { Message, Peer } from "./wire-types.js";

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

/** The whole dashboard: sign-in, then peers, one inbox, compose and the admin actions. */
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

function SignedIn({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const { token } = session;
  const admin = session.auth !== "peer";
  const [peers, setPeers] = useState<Peer[]>([]);
  const [selected, setSelected] = useState<string | null>(session.peer);
  const [messages, setMessages] = useState<Message[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [issued, setIssued] = useState<{ peer: string; token: string } | null>(null);
  const inbox = session.peer ?? selected ?? peers[0]?.name ?? null;

  const report = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) onSignOut();
      else setAlert(error instanceof Error ? error.message : "Something failed.");
    },
    [onSignOut],
  );

  const refreshPeers = useCallback(() => {
    api<{ peers: Peer[] }>(token, "GET", "/peers").then((body) => setPeers(body.peers), report);
  }, [token, report]);

  useEffect(() => {
    refreshPeers();
    const timer = setInterval(refreshPeers, PEERS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refreshPeers]);

  useEffect(() => {
    if (inbox === null) return;
    const stop = new AbortController();
    setMessages([]);
    loadInbox(token, inbox).then((rows) => {
      if (stop.signal.aborted) return;
      setMessages(rows);
      void followStream({
        token,
        to: inbox,
        afterId: rows.at(-1)?.id ?? 0,
        signal: stop.signal,
        onMessage: (message) => setMessages((shown) => [...shown, message]),
        onRefused: (status) => {
          if (status === 401) onSignOut();
          else setAlert(`This token may not read the inbox of ${inbox}.`);
        },
      });
    }, report);
    return () => stop.abort();
  }, [token, inbox, report, onSignOut]);

  const markRead = (message: Message) => {
    api<Message>(token, "POST", `/messages/${message.id}/read`).then((updated) => {
      setMessages((shown) => shown.map((row) => (row.id === updated.id ? updated : row)));
    }, report);
  };
  const toggle = (peer: Peer) => {
    api(token, "PATCH", `/peers/${encodeURIComponent(peer.name)}`, { enabled: !peer.enabled }).then(
      refreshPeers,
      report,
    );
  };
  const issue = (peer: string) => {
    api<{ peer: string; token: string }>(token, "POST", "/admin/tokens", { peer }).then(
      setIssued,
      report,
    );
  };
  const revoke = (peer: string) => {
    api<{ revoked: number }>(token, "DELETE", `/admin/tokens/${encodeURIComponent(peer)}`).then(
      (body) => setAlert(`Revoked ${body.revoked} token(s) of ${peer}.`),
      report,
    );
  };

  return (
    <main>
      <header>
        <h1>Mesh gateway</h1>
        <p>
          {session.auth === "peer"
            ? `Signed in as peer ${session.peer}`
            : session.auth === "admin"
              ? "Signed in with the admin token"
              : "Open gateway (no token)"}
        </p>
        <button type="button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      {alert !== null && (
        <div role="alert" class="alert">
          {alert}
          <button type="button" onClick={() => setAlert(null)}>
            Dismiss
          </button>
        </div>
      )}
      {issued !== null && (
        <IssuedToken peer={issued.peer} token={issued.token} onDone={() => setIssued(null)} />
      )}
      <PeersTable
        peers={peers}
        admin={admin}
        selected={inbox}
        onSelect={setSelected}
        onToggle={toggle}
        onIssue={issue}
        onRevoke={revoke}
      />
      <div class="columns">
        <InboxView peer={inbox} messages={messages} onMarkRead={markRead} />
        <ComposeForm
          token={token}
          senders={session.peer !== null ? [session.peer] : peers.map((peer) => peer.name)}
          peers={peers}
          onSent={refreshPeers}
        />
      </div>
    </main>
  );
}
