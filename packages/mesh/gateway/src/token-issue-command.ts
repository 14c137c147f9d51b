import { EXIT_OK } from "@mesh/cli-kit";
import type { GatewayCliContext } from "./gateway-cli-context.js";
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
    const token = await issuePeerToken(storage, canonical);
    io.stderr.write(
      `token for peer '${canonical}' in ${describeDatabase(database)}; store it now, it is not shown again\n`,
    );
    io.stdout.write(
      context.json ? `${JSON.stringify({ peer: canonical, token })}\n` : `${token}\n`,
    );
    return EXIT_OK;
  });
}
