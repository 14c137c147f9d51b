import { useState } from "preact/hooks";
import { checkNewPeer } from "./check-new-peer.js";
import { ApiError, api } from "./gateway-api.js";

export interface AddPeerFormProps {
  token: string;
  known: readonly string[];
  /** The peer was registered and its first token issued. */
  onAdded: (issued: { peer: string; token: string }) => void;
}

/** Onboarding: registers a peer with its capabilities, then issues its first token. */
export function AddPeerForm({ token, known, onAdded }: AddPeerFormProps) {
  const [name, setName] = useState("");
  const [capabilities, setCapabilities] = useState("{}");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const checked = checkNewPeer(name.trim(), capabilities, known);
    if (typeof checked === "string") return setProblem(checked);
    setProblem(null);
    setBusy(true);
    try {
      const peer = name.trim();
      await api(token, "POST", "/peers/register", { name: peer, capabilities: checked });
      onAdded(await api<{ peer: string; token: string }>(token, "POST", "/admin/tokens", { peer }));
      setName("");
      setCapabilities("{}");
    } catch (caught) {
      setProblem(
        ApiError.isInstance(caught) ? `The gateway refused: ${caught.message}` : "Adding failed.",
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form aria-label="Add peer" class="add-peer card" method="post" action="#" onSubmit={submit}>
      <h3>Add peer</h3>
      <label for="add-peer-name">Name</label>
      <input
        id="add-peer-name"
        autocomplete="off"
        spellcheck={false}
        value={name}
        onInput={(e) => setName(e.currentTarget.value)}
      />
      <label for="add-peer-capabilities">Capabilities</label>
      <textarea
        id="add-peer-capabilities"
        rows={2}
        spellcheck={false}
        value={capabilities}
        onInput={(e) => setCapabilities(e.currentTarget.value)}
      />
      <button type="submit" disabled={busy}>
        Add peer
      </button>
      {problem !== null && <p role="alert">{problem}</p>}
    </form>
  );
}
