import type { StrictPeer as Peer } from "@mesh/protocol";
import { useState } from "preact/hooks";
import type { Confirmation } from "./confirm-dialog.js";
import { api } from "./gateway-api.js";

export interface PeerActionsOptions {
  token: string;
  /** Reports a failed action (its problem shows until an action succeeds). */
  report: (source: string) => (error: unknown) => void;
  resolved: (source: string) => void;
  /** Reads the peers again. */
  refresh: () => void;
}

/**
 * The admin's actions on a peer: Disable and Revoke wait for a confirmation that says what
 * they will do; Enable and Issue token act at once (a new token is shown once).
 */
export function usePeerActions({ token, report, resolved, refresh }: PeerActionsOptions) {
  const [confirm, setConfirm] = useState<Confirmation | null>(null);
  const [issued, setIssued] = useState<{ peer: string; token: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (text: string) => {
    resolved("action");
    setNotice(text);
    refresh();
  };
  const toggle = (peer: Peer) => {
    const path = `/peers/${encodeURIComponent(peer.name)}`;
    const change = () =>
      api(token, "PATCH", path, { enabled: !peer.enabled }).then(
        () => done(`${peer.name} is ${peer.enabled ? "disabled" : "enabled"}.`),
        report("action"),
      );
    if (!peer.enabled) return void change();
    setConfirm({
      title: `Disable ${peer.name}?`,
      effect: `${peer.name} can no longer send, messages to it are refused, and its open streams end. Its messages and tokens stay; Enable undoes this.`,
      action: "Disable",
      run: () => void change(),
    });
  };
  const revoke = (peer: string, registered: boolean) =>
    setConfirm({
      title: `Revoke the tokens of ${peer}?`,
      effect: registered
        ? `Every token issued to ${peer} stops working at once and its open streams end. ${peer} stays registered; issue a new token to let it back in.`
        : `Every token issued to ${peer} stops working at once. ${peer} is not registered, so it leaves this list; issue a new token to onboard it again.`,
      action: "Revoke",
      run: () =>
        void api<{ revoked: number }>(
          token,
          "DELETE",
          `/admin/tokens/${encodeURIComponent(peer)}`,
        ).then((body) => done(`Revoked ${body.revoked} token(s) of ${peer}.`), report("action")),
    });
  const issue = (peer: string) =>
    void api<{ peer: string; token: string }>(token, "POST", "/admin/tokens", { peer }).then(
      (body) => {
        resolved("action");
        setIssued(body);
        refresh();
      },
      report("action"),
    );
  return { confirm, setConfirm, issued, setIssued, notice, toggle, revoke, issue };
}
