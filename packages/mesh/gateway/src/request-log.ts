/** One structured log line. Never holds a token or message content. */
export interface GatewayLogEntry {
  time: string;
  level: "info" | "warn" | "error";
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  /** `open`, `admin` or `peer`. */
  auth?: string;
  /** The peer acting: the token's peer, else the sender or inbox owner the request names. */
  peer?: string;
  error?: string;
  [field: string]: unknown;
}

/** Where log entries go: `false` drops them, `true` writes JSON lines to stdout. */
export type GatewayLogger = boolean | ((entry: GatewayLogEntry) => void);

export interface LogSink {
  log(entry: GatewayLogEntry): void;
  flush(): void;
}

/**
 * Builds the sink for a `logger` option. The stdout sink batches lines and writes them once
 * per event-loop turn, so a busy gateway does not pay one write call per request.
 */
export function createLogSink(logger: GatewayLogger): LogSink {
  if (logger === false) return { log() {}, flush() {} };
  if (typeof logger === "function") return { log: logger, flush() {} };
  let buffer = "";
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (buffer === "") return;
    const chunk = buffer;
    buffer = "";
    process.stdout.write(chunk);
  };
  return {
    log(entry) {
      buffer += `${JSON.stringify(entry)}\n`;
      if (buffer.length > 65_536) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
