import type { DiscoveryLogger } from "@discovery/core";
import type { CliIo } from "@mesh/cli-kit";
import { colorEnabled, createStyle, type Style } from "@mesh/cli-kit";

/** The global options, as commander parsed them. */
export interface GlobalOptions {
  json?: boolean;
}

/** What every command gets: the io, the output mode and styles, and a logger for lookups. */
export interface CommandContext {
  io: CliIo;
  /** `--json`: machine-readable results on stdout. */
  json: boolean;
  /** Colours for stdout. */
  out: Style;
  /** Colours for stderr. */
  err: Style;
  /** Collects what the lookups report instead of throwing (they never include a key). */
  logger: DiscoveryLogger;
  /** What `logger` collected so far. */
  warnings: string[];
  /** Prints the collected warnings on stderr and forgets them; returns how many there were. */
  flushWarnings(): number;
  /** Writes a JSON document (one line) to stdout. */
  printJson(value: unknown): void;
  /** Writes a diagnostic line to stderr. */
  note(text: string): void;
  /** A non-empty environment variable, trimmed; else undefined. */
  env(name: string): string | undefined;
}

export function createContext(io: CliIo, globals: GlobalOptions): CommandContext {
  const err = createStyle(colorEnabled(io.env, io.isTTY.stderr));
  const warnings: string[] = [];
  return {
    io,
    json: globals.json === true,
    out: createStyle(colorEnabled(io.env, io.isTTY.stdout)),
    err,
    logger: { warn: (message) => warnings.push(message) },
    warnings,
    flushWarnings() {
      const count = warnings.length;
      for (const message of warnings.splice(0)) {
        io.stderr.write(`${err.yellow("discovery: warning:")} ${message}\n`);
      }
      return count;
    },
    printJson(value) {
      io.stdout.write(`${JSON.stringify(value)}\n`);
    },
    note(text) {
      io.stderr.write(`${text}\n`);
    },
    env(name) {
      const value = io.env[name]?.trim();
      return value ? value : undefined;
    },
  };
}
