import { EXIT_OK, formatTable, preview, withProgress } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { formatTime } from "./format-time.js";
import { openClient } from "./open-client.js";

/** `mesh peers`: the peer registry. JSON: `{ "peers": Peer[] }`. */
export async function peersCommand(context: CommandContext): Promise<number> {
  const client = await openClient(context, { requireNode: false });
  try {
    const peers = await withProgress(context.io, "listing peers", () => client.listPeers());
    if (context.json) {
      context.printJson({ peers });
      return EXIT_OK;
    }
    if (peers.length === 0) {
      context.note("no peers registered yet (a peer joins with `mesh register`)");
      return EXIT_OK;
    }
    const { out } = context;
    const rows = peers.map((peer) => [
      out.cyan(peer.name),
      peer.enabled === false ? out.red("disabled") : out.green("enabled"),
      peer.url ?? out.dim("-"),
      formatTime(peer.last_seen),
      preview(JSON.stringify(peer.capabilities ?? {}), 50),
    ]);
    context.io.stdout.write(
      formatTable(
        [
          { header: "NAME" },
          { header: "STATE" },
          { header: "URL" },
          { header: "LAST SEEN" },
          { header: "CAPABILITIES" },
        ],
        rows,
        out,
      ),
    );
    return EXIT_OK;
  } finally {
    await client.close();
  }
}
