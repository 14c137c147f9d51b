import type { StrictPeer as Peer } from "@mesh/protocol";
import { formatAge, formatTime } from "./format-time.js";

export interface PeersTableProps {
  peers: readonly Peer[];
  /** Admin actions per row, shown only for the admin token (and open mode). */
  admin: boolean;
  selected: string | null;
  /** Age in seconds of each peer's oldest unread message, where the gateway reports it. */
  oldestUnread: ReadonlyMap<string, number>;
  onSelect: (name: string) => void;
  onToggle: (peer: Peer) => void;
  onIssue: (name: string) => void;
  onRevoke: (name: string) => void;
}

/** Capabilities as `key: value` items that wrap between items, never inside one. */
function Capabilities({ value }: { value: Record<string, unknown> }) {
  const entries = Object.entries(value);
  if (entries.length === 0) return <span class="muted">none</span>;
  return (
    <ul class="caps">
      {entries.map(([key, item]) => {
        const text = `${key}: ${JSON.stringify(item)}`;
        return (
          <li key={key} title={text}>
            <code>{text}</code>
          </li>
        );
      })}
    </ul>
  );
}

function Actions({ peer, props }: { peer: Peer; props: PeersTableProps }) {
  return (
    <div class="actions">
      <button
        type="button"
        aria-label={`${peer.enabled ? "Disable" : "Enable"} ${peer.name}`}
        onClick={() => props.onToggle(peer)}
      >
        {peer.enabled ? "Disable" : "Enable"}
      </button>
      <button
        type="button"
        aria-label={`Issue token for ${peer.name}`}
        onClick={() => props.onIssue(peer.name)}
      >
        Issue token
      </button>
      <button
        type="button"
        class="danger"
        aria-label={`Revoke tokens of ${peer.name}`}
        onClick={() => props.onRevoke(peer.name)}
      >
        Revoke
      </button>
    </div>
  );
}

/** Every registered peer: name, state, unread backlog, last seen, capabilities, registered at. */
export function PeersTable(props: PeersTableProps) {
  const backlog = props.oldestUnread.size > 0;
  return (
    <table aria-label="Peers" class="peers">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">State</th>
          {backlog && <th scope="col">Oldest unread</th>}
          <th scope="col">Last seen</th>
          <th scope="col">Capabilities</th>
          <th scope="col">Registered</th>
          {props.admin && <th scope="col">Actions</th>}
        </tr>
      </thead>
      <tbody>
        {props.peers.map((peer) => {
          const age = props.oldestUnread.get(peer.name);
          return (
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
              <td data-label="State">
                <span class={peer.enabled ? "pill ok" : "pill off"}>
                  {peer.enabled ? "enabled" : "disabled"}
                </span>
              </td>
              {backlog && (
                <td data-label="Oldest unread">{age === undefined ? "—" : formatAge(age)}</td>
              )}
              <td data-label="Last seen">{formatTime(peer.last_seen)}</td>
              <td data-label="Capabilities">
                <Capabilities value={peer.capabilities} />
              </td>
              <td data-label="Registered">{formatTime(peer.registered_at)}</td>
              {props.admin && (
                <td data-label="Actions">
                  <Actions peer={peer} props={props} />
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
