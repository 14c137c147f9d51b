import { CliError, EXIT_USAGE } from "@mesh/cli-kit";
import type { PeerAliases } from "@mesh/names";
import { suggestPeerName } from "./suggest-peer-name.js";

/**
 * The canonical form of a peer name the user typed, checked offline as the gateway would check
 * it. A malformed name is a usage error (exit 2) whose hint names `where` it came from and, when
 * one is close, a well-formed suggestion.
 */
export async function normalizePeerArgument(
  name: string,
  aliases: PeerAliases | undefined,
  where: string,
): Promise<string> {
  const { normalizeNodeName } = await import("@mesh/names");
  try {
    return normalizeNodeName(name, { aliases });
  } catch (error) {
    const suggestion = suggestPeerName(name);
    throw new CliError({
      message: (error as Error).message,
      exitCode: EXIT_USAGE,
      hint: `${suggestion ? `did you mean ${suggestion}? ` : ""}${where} takes 2 to 64 lowercase letters, digits and hyphens`,
    });
  }
}
