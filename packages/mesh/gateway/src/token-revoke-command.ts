import { CliError, EXIT_OK } from "@mesh/cli-kit";
import type { GatewayCliContext } from "./gateway-cli-context.js";
import { describeDatabase } from "./open-storage.js";
import { type TokenOptions, withTokenStorage } from "./with-token-storage.js";

/**
 * `mesh-gateway token revoke <peer>`: deletes every token of the peer and says how many (with
 * `--json`, `{ "peer", "revoked" }`); exit status 1 when it has none.
 */
export function tokenRevokeCommand(
  context: GatewayCliContext,
  peer: string,
  options: TokenOptions,
): Promise<number> {
  return withTokenStorage(context, peer, options, async (storage, canonical, database) => {
    const revoked = await storage.revokeTokens(canonical);
    if (revoked === 0) {
      throw new CliError({
        code: "no_token",
        message: `peer '${canonical}' has no token in ${describeDatabase(database)}; nothing revoked`,
        hint: "check the peer name, and that --database (or MESH_GATEWAY_DATABASE) is the gateway's database",
      });
    }
    context.io.stdout.write(
      context.json
        ? `${JSON.stringify({ peer: canonical, revoked })}\n`
        : `revoked ${revoked} token(s) of '${canonical}'\n`,
    );
    return EXIT_OK;
  });
}
