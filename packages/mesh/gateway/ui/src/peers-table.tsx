import { formatTime } from "./format-time.js";
import type { Peer } from "./wire-types.js";

export interface PeersTableProps {
  peers: readonly Peer[];
  /** Admin actions per row, shown only for the admin token (and open mode). */
  admin: boolean;
  selected: string | null;
  onSelect: (name: string) => void;
  onToggle: (peer: Peer) => void;
  onIssue: (name: string) => void;
  onRevoke: (name: string) => void;
}

/** Every registered peer: name, state, last seen, capabilities, registered at. */
export function PeersTable(props: PeersTableProps) {
  return (
    <table aria-label="Peers">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">State</th>
          <th scope="col">Last seen</th>
          <th scope="col">Capabilities</th>
          <th scope="col">Registered at</th>
          {props.admin && <th scope="col">Actions</th>}
        </tr>
      </thead>
      <tbody>
        {props.peers.map((peer) => (
          <tr key={peer.name} aria-current={props.selected === peer.name ? "true" : undefined}>
            <th scope="row">
              {props.admin ? (
                <button type="button" class="link" onClick={() => props.onSelect(peer.name)}>
                  {peer.name}
                </button>
              ) : (
                peer.name
              )}
            </th>
            <td>{peer.enabled ? "enabled" : "disabled"}</td>
            <td>{formatTime(peer.last_seen)}</td>
            <td>
              <code>{JSON.stringify(peer.capabilities)}</code>
            </td>
            <td>{formatTime(peer.registered_at)}</td>
            {props.admin && (
              <td class="actions">
                <button type="button" onClick={() => props.onToggle(peer)}>
                  {peer.enabled ? `Disable ${peer.name}` : `Enable ${peer.name}`}
                </button>
                <button type="button" onClick={() => props.onIssue(peer.name)}>
                  {`Issue token for ${peer.name}`}
                </button>
                <button type="button" onClick={() => props.onRevoke(peer.name)}>
                  {`Revoke tokens of ${peer.name}`}
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
