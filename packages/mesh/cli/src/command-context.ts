import { colorEnabled, createStyle, type InteractiveCliIo, type Style } from "@mesh/cli-kit";

/** The global options, as commander parsed them. */
export interface GlobalOptions {
  node?: string;
  gatewayUrl?: string;
  token?: string;
  json?: boolean;
}

/** Settings after flags, then environment. */
export interface MeshSettings {
  /** `--node`, else `MESH_NODE`. */
  node: string | undefined;
  /** `--gateway-url`, else `MESH_GATEWAY_URL` (else the client's default gateway address). */
  gatewayUrl: string | undefined;
  /** `--token`, else `MESH_GATEWAY_TOKEN`. Never printed. */
  token: string | undefined;
  /** `MESH_ALIASES` as written (`alias=canonical,…`; empty means none), when set. */
  aliases: string | undefined;
}

/** What every command gets: the io, the output mode and styles, and the resolved settings. */
export interface CommandContext {
  io: InteractiveCliIo;
  /** `--json`: machine-readable results on stdout. */
  json: boolean;
  /** Colours for stdout. */
  out: Style;
  /** Colours for stderr. */
  err: Style;
  settings: MeshSettings;
  /** Writes a JSON document (one line) to stdout. */
  printJson(value: unknown): void;
  /** Writes a diagnostic line to stderr. */
  note(text: string): void;
}

function nonBlank(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function createContext(io: InteractiveCliIo, globals: GlobalOptions): CommandContext {
  const err = createStyle(colorEnabled(io.env, io.isTTY.stderr));
  const context: CommandContext = {
    io,
    json: globals.json === true,
    out: createStyle(colorEnabled(io.env, io.isTTY.stdout)),
    err,
    settings: {
      node: nonBlank(globals.node) ?? nonBlank(io.env["MESH_NODE"]),
      gatewayUrl: nonBlank(globals.gatewayUrl) ?? nonBlank(io.env["MESH_GATEWAY_URL"]),
      token: nonBlank(globals.token) ?? nonBlank(io.env["MESH_GATEWAY_TOKEN"]),
      aliases: io.env["MESH_ALIASES"],
    },
    printJson(value) {
      io.stdout.write(`${JSON.stringify(value)}\n`);
    },
    note(text) {
      io.stderr.write(`${text}\n`);
    },
  };
  if (nonBlank(globals.token) !== undefined) {
    context.note(
      err.yellow(
        "mesh: warning: --token is visible to other users in the process list; prefer MESH_GATEWAY_TOKEN",
      ),
    );
  }
  return context;
}
