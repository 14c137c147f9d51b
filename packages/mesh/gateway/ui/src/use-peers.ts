import type { StrictPeer as Peer, StrictTokenHolder as TokenHolder } from "@mesh/protocol";
import { useCallback, useEffect, useState } from "preact/hooks";
import { ApiError, api, request } from "./gateway-api.js";

const PEERS_REFRESH_MS = 10_000;
/** Pages of token holders read at most (1,000 each): the page lists the first 10,000. */
const MAX_HOLDER_PAGES = 10;

/**
 * Every peer holding a token, following the `Link` of `GET /admin/tokens`. A gateway without
 * the listing (404) has none to show.
 */
async function loadTokenHolders(token: string): Promise<TokenHolder[]> {
  const holders: TokenHolder[] = [];
  let next: string | null = "/admin/tokens?limit=1000";
  try {
    for (let page = 0; next !== null && page < MAX_HOLDER_PAGES; page++) {
      const answer = await request(token, "GET", next);
      holders.push(...(JSON.parse(answer.text) as { holders: TokenHolder[] }).holders);
      next = answer.next;
    }
  } catch (error) {
    if (ApiError.isInstance(error) && error.status === 404) return [];
    throw error;
  }
  return holders;
}

/**
 * Peers, kept fresh every few seconds and again as soon as the gateway is back; for the admin
 * also who holds tokens, so a peer issued a token but not registered yet shows too.
 */
export function usePeers(
  token: string,
  admin: boolean,
  reachable: boolean,
  report: (source: string) => (e: unknown) => void,
  resolved: (source: string) => void,
) {
  const [peers, setPeers] = useState<Peer[]>([]);
  const [holders, setHolders] = useState<TokenHolder[]>([]);
  const refresh = useCallback(() => {
    Promise.all([
      api<{ peers: Peer[] }>(token, "GET", "/peers"),
      admin ? loadTokenHolders(token) : [],
    ]).then(([body, holding]) => {
      setPeers(body.peers);
      setHolders(holding);
      resolved("peers");
    }, report("peers"));
  }, [token, admin, report, resolved]);
  useEffect(() => {
    if (!reachable) return;
    refresh();
    const timer = setInterval(refresh, PEERS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh, reachable]);
  return { peers, holders, refresh };
}
