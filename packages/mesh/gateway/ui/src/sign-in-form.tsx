import { useState } from "preact/hooks";
import { ApiError, api, type Session } from "./gateway-api.js";

/** Asks for a token and checks it with `GET /ui/session`; the token never enters a URL. */
export function SignInForm({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const trimmed = token.trim();
      const who = await api<Omit<Session, "token">>(trimmed, "GET", "/ui/session");
      onSignedIn({ token: trimmed, auth: who.auth, peer: who.peer });
    } catch (caught) {
      setError(
        ApiError.isInstance(caught) && caught.status === 401
          ? "This token is not accepted by the gateway."
          : caught instanceof Error
            ? caught.message
            : "Signing in failed.",
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="sign-in" method="post" action="#" onSubmit={submit} aria-label="Sign in">
      <h1>Mesh gateway</h1>
      <label for="token">Token</label>
      <input
        id="token"
        type="password"
        autocomplete="off"
        spellcheck={false}
        value={token}
        onInput={(event) => setToken(event.currentTarget.value)}
      />
      <p class="hint">
        The admin token (MESH_GATEWAY_TOKEN) or a peer token. Empty for an open gateway.
      </p>
      <button type="submit" disabled={busy}>
        Sign in
      </button>
      {error !== null && <p role="alert">{error}</p>}
    </form>
  );
}
