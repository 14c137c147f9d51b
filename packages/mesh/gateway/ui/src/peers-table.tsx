import type { StrictPeer as Peer, StrictTokenHolder as TokenHolder } from "@mesh/protocol";
import { formatAge, formatTime } from "./format-time.js";

export interface PeersTableProps {
  peers: readonly Peer[];
  /** Who holds tokens (the admin's view only; empty otherwise). */
  holders: readonly TokenHolder[];
  /** Admin actions per row, shown only for the admin token (and open mode). */
  admin: boolean;
  selected: string | null;
  /** Age in seconds of each peer's oldest unread message, where the gateway reports it. */
  oldestUnread: ReadonlyMap<string, number>;
  onSelect: (name: string) => void;
  onToggle: (peer: Peer) => void;
  onIssue: (name: string) => void;
  onRevoke: (name: string, registered: boolean) => void;
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

/** How many tokens a peer holds and when the newest was issued. */
function Tokens({ holder }: { holder: TokenHolder | undefined }) {
  if (holder === undefined) return <span class="muted">none</span>;
  return (
    <span class="tokens" title={`first issued ${formatTime(holder.first_issued_at)}`}>
      <span>{`${holder.tokens} token${holder.tokens === 1 ? "" : "s"}`}</span>
      <span class="meta nowrap">{`last ${formatTime(holder.last_issued_at)}`}</span>
    </span>
  );
}

function Actions({ name, peer, props }: { name: string; peer?: Peer; props: PeersTableProps }) {
  return (
    <div class="actions">
      {peer !== undefined && (
        <button
          type="button"
          aria-label={`${peer.enabled ? "Disable" : "Enable"} ${name}`}
          onClick={() => props.onToggle(peer)}
        >
          {peer.enabled ? "Disable" : "Enable"}
        </button>
      )}
      <button
        type="button"
        aria-label={`Issue token for ${name}`}
        onClick={() => props.onIssue(name)}
      >
        Issue token
      </button>
      <button
        type="button"
        class="danger"
        aria-label={`Revoke tokens of ${name}`}
        onClick={() => props.onRevoke(name, peer !== undefined)}
      >
        Revoke
      </button>
    </div>
  );
}

function PeerRow({
  peer,
  props,
  backlog,
}: {
  peer: Peer;
  props: PeersTableProps;
  backlog: boolean;
}) {
  const age = props.oldestUnread.get(peer.name);
  return (
    <tr aria-current={props.selected === peer.name ? "true" : undefined}>
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
      {backlog && <td data-label="Oldest unread">{age === undefined ? "—" : formatAge(age)}</td>}
      <td data-label="Last seen" class="nowrap">
        {formatTime(peer.last_seen)}
      </td>
      <td data-label="Capabilities">
        <Capabilities value={peer.capabilities} />
      </td>
      <td data-label="Registered" class="nowrap">
        {formatTime(peer.registered_at)}
      </td>
      {props.admin && (
        <td data-label="Tokens">
          <Tokens holder={props.holders.find((holder) => holder.peer === peer.name)} />
        </td>
      )}
      {props.admin && (
        <td data-label="Actions">
          <Actions name={peer.name} peer={peer} props={props} />
        </td>
      )}
    </tr>
  );
}

/** A peer that was issued a token but has not registered yet: it can only get or lose tokens. */
function HolderRow({
  holder,
  props,
  backlog,
}: {
  holder: TokenHolder;
  props: PeersTableProps;
  backlog: boolean;
}) {
  return (
    <tr class="unregistered">
      <th scope="row">{holder.peer}</th>
      <td data-label="State">
        <span class="pill pending">not registered</span>
      </td>
      {backlog && <td data-label="Oldest unread">—</td>}
      <td data-label="Last seen">—</td>
      <td data-label="Capabilities">
        <span class="muted">none yet</span>
      </td>
      <td data-label="Registered">—</td>
      <td data-label="Tokens">
        <Tokens holder={holder} />
      </td>
      <td data-label="Actions">
        <Actions name={holder.peer} props={props} />
      </td>
    </tr>
  );
}

/**
 * Every registered peer (name, state, unread backlog, last seen, capabilities, registered at,
 * and for the admin its tokens), then the peers that hold a token without a registration.
 */
export function PeersTable(props: PeersTableProps) {
  const backlog = props.oldestUnread.size > 0;
  const registered = new Set(props.peers.map((peer) => peer.name));
  const unregistered = props.admin ? props.holders.filter((h) => !registered.has(h.peer)) : [];
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
          {props.admin && <th scope="col">Tokens</th>}
          {props.admin && <th scope="col">Actions</th>}
        </tr>
      </thead>
      <tbody>
        {props.peers.map((peer) => (
          <PeerRow key={peer.name} peer={peer} props={props} backlog={backlog} />
        ))}
        {unregistered.map((holder) => (
          <HolderRow key={`token ${holder.peer}`} holder={holder} props={props} backlog={backlog} />
        ))}
      </tbody>
    </table>
  );
}
