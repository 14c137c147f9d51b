import { EXIT_OK } from "@mesh/cli-kit";
import { closeMatches } from "@mesh/names";
import type { GatewayCliContext } from "./gateway-cli-context.js";
import type { GatewayStorage } from "./gateway-storage.js";
import { describeDatabase } from "./open-storage.js";
import { issuePeerToken } from "./start-gateway.js";
import { type TokenOptions, withTokenStorage } from "./with-token-storage.js";

/**
 * `mesh-gateway token issue <peer>`: stores a new token's hash and prints the token once on
 * stdout (with `--json`, `{ "peer", "token" }`); a note naming the peer and database on stderr.
 */
export function tokenIssueCommand(
  context: GatewayCliContext,
  peer: string,
  options: TokenOptions,
): Promise<number> {
  const { io } = context;
  return withTokenStorage(context, peer, options, async (storage, canonical, database) => {
    const near = await nearNames(storage, canonical);
    const token = await issuePeerToken(storage, canonical);
    io.stderr.write(
      `token for peer '${canonical}' in ${describeDatabase(database)}; store it now, it is not shown again\n`,
    );
    if (near.length > 0) {
      io.stderr.write(
        `mesh-gateway: warning: no peer or token was named '${canonical}' before, but ${near.map((name) => `'${name}'`).join(", ")} is: did you mean ${near[0]}? If so, revoke this one (mesh-gateway token revoke ${canonical}) and issue for ${near[0]}\n`,
      );
    }
    io.stdout.write(
      context.json ? `${JSON.stringify({ peer: canonical, token })}\n` : `${token}\n`,
    );
    return EXIT_OK;
  });
}

/** Registered peers and token holders close to a name that is neither (a typo: `bobb` for `bob`). */
async function nearNames(storage: GatewayStorage, name: string): Promise<string[]> {
  const [peers, holders] = await Promise.all([storage.listPeers(), storage.listTokenPeers()]);
  const known = new Set([...peers.map((peer) => peer.name), ...holders]);
  return known.has(name) ? [] : closeMatches(name, known);
}
