import type { StrictPeer as Peer, StrictTokenHolder as TokenHolder } from "@mesh/protocol";
import { useCallback, useEffect, useState } from "preact/hooks";
import { ApiError } from "./gateway-api.js";
import { loadPages } from "./load-pages.js";

const PEERS_REFRESH_MS = 10_000;

/**
 * Every peer holding a token, from `GET /admin/tokens` page by page. A gateway without the
 * listing (404) has none to show.
 */
async function loadTokenHolders(token: string): Promise<TokenHolder[]> {
  try {
    return await loadPages<TokenHolder>(token, "/admin/tokens?limit=1000", "holders");
  } catch (error) {
    if (ApiError.isInstance(error) && error.status === 404) return [];
    throw error;
  }
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
      loadPages<Peer>(token, "/peers", "peers"),
      admin ? loadTokenHolders(token) : [],
    ]).then(([registered, holding]) => {
      setPeers(registered);
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
