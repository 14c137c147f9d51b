import { isatty } from "node:tty";
import type { FastifyBaseLogger, PinoLoggerOptions } from "fastify/types/logger.js";
import { type DestinationStream, destination, type LoggerOptions, pino } from "pino";
import pinoPretty from "pino-pretty";

/** One structured log line as a function sink receives it. Never holds a token or message content. */
export interface GatewayLogEntry {
  /** ISO 8601 time. */
  time: string;
  level: "trace" | "debug" | "info" | "warn" | "error" | "fatal";
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  /** `open`, `admin` or `peer`. */
  auth?: string;
  /** The peer acting: the token's peer, else the sender or inbox owner the request names. */
  peer?: string;
  /** On a 4xx or 5xx reply: the `error` code of its body, e.g. `unauthorized`. */
  error?: string;
  /** On a 4xx or 5xx reply: the client's address. */
  ip?: string;
  [field: string]: unknown;
}

/**
 * What the `logger` option takes, as Fastify's `logger` does: `true` (JSON lines on stdout,
 * the default), `false` (silent), pino options, or a pino-compatible logger instance; also a
 * function that receives each line as an object.
 */
export type GatewayLogger =
  | boolean
  | PinoLoggerOptions
  | FastifyBaseLogger
  | ((entry: GatewayLogEntry) => void);

/**
 * Paths pino censors in every line, whatever a caller logs: credentials and message content
 * never reach the log, even when a request, its headers or its body are logged whole.
 */
const REDACT_PATHS = [
  "authorization",
  "token",
  "content",
  "headers.authorization",
  "req.headers.authorization",
  "request.headers.authorization",
  "body.content",
  "body.token",
  "*.authorization",
  "*.token",
  "*.content",
];

/** The line format without redaction: for lines whose every field the gateway chose. */
const LINE_OPTIONS: LoggerOptions = {
  base: null,
  timestamp: () => `,"time":"${new Date().toISOString()}"`,
  formatters: { level: (label) => ({ level: label }) },
};

const DEFAULT_OPTIONS: LoggerOptions = {
  ...LINE_OPTIONS,
  redact: { paths: REDACT_PATHS, censor: "[REDACTED]" },
};

/**
 * Bytes of log lines held for a stdout that does not keep up (a stalled terminal or log
 * collector); lines past it are dropped and counted, so the gateway's memory stays bounded.
 */
export const MAX_PENDING_LOG_BYTES = 16 * 1024 * 1024;

/** How often buffered stdout lines are written at the latest, in ms. */
const FLUSH_INTERVAL_MS = 250;

/** Fastify's logger settings for a `logger` option, and how to flush what is buffered. */
export interface LoggerSetup {
  fastify: { logger: boolean | PinoLoggerOptions } | { loggerInstance: FastifyBaseLogger };
  /**
   * Writes the one line per request to the same sink, without the redaction pass (~2.5 µs a
   * line): that line holds only method, path without query, status, time, auth mode, peer name,
   * the secret-check outcome, and on a 4xx or 5xx the error code and the client's address;
   * never a header or body. Absent for a caller's own logger.
   */
  requestLine?: FastifyBaseLogger;
  flush(): void;
  /**
   * Lines dropped so far because stdout did not keep up (see `MAX_PENDING_LOG_BYTES`); absent
   * where nothing is dropped (no logger, a function, a caller's own logger).
   */
  droppedLines?: () => number;
}

const isInstance = (value: object): value is FastifyBaseLogger =>
  typeof (value as { child?: unknown }).child === "function" &&
  typeof (value as { info?: unknown }).info === "function";

/** Where `logger: true` writes: a file descriptor, and the bytes it may hold for it. */
export interface StdoutSink {
  fd: number;
  maxPendingBytes: number;
  /**
   * Human-readable lines (pino-pretty: time, level, `METHOD path status ms`, the other fields on
   * the same line) instead of JSON. Default: whether `fd` is a terminal.
   */
  pretty?: boolean | undefined;
}

/** Fields the pretty request line shows in its message, so not again after it. */
const REQUEST_FIELDS = "reqId,method,path,status,ms";

/** pino-pretty in front of `sink`: one line per entry, request lines led by what was asked. */
function prettyStream(sink: DestinationStream): DestinationStream {
  return pinoPretty({
    destination: sink,
    // Colour by pino-pretty's own test of the terminal (NO_COLOR and FORCE_COLOR included).
    singleLine: true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: REQUEST_FIELDS,
    // `error` is the reply's error code here, a string: on the line, not as an error object.
    errorLikeObjectKeys: ["err"],
    messageFormat: (log, messageKey) =>
      log["msg"] === "request"
        ? `${log["method"]} ${log["path"]} ${log["status"]} ${log["ms"]} ms`
        : String(log[messageKey] ?? ""),
  });
}

/** Resolves the `logger` option into Fastify's logger settings, redaction included. */
export function createLoggerSetup(
  logger: GatewayLogger,
  stdout: StdoutSink = { fd: 1, maxPendingBytes: MAX_PENDING_LOG_BYTES },
): LoggerSetup {
  if (logger === false) return { fastify: { logger: false }, flush() {} };
  if (typeof logger === "function") {
    const sink = { write: (line: string) => logger(JSON.parse(line) as GatewayLogEntry) };
    return {
      fastify: { loggerInstance: pino(DEFAULT_OPTIONS, sink) },
      requestLine: pino(LINE_OPTIONS, sink),
      flush() {},
    };
  }
  if (logger === true) {
    // Buffered and written asynchronously: a busy gateway does not pay a write call per line;
    // a quiet one still shows each line within the flush interval.
    const sink = destination({
      dest: stdout.fd,
      sync: false,
      minLength: 4096,
      maxLength: stdout.maxPendingBytes,
      periodicFlush: FLUSH_INTERVAL_MS,
    });
    let dropped = 0;
    sink.on("drop", () => {
      dropped += 1;
    });
    // A stdout that went away (closed descriptor, broken pipe) costs the log, never the gateway.
    sink.on("error", () => {
      dropped += 1;
    });
    // Pretty on a terminal, JSON for whatever collects the log; the same bound either way.
    const out = (stdout.pretty ?? isatty(stdout.fd)) ? prettyStream(sink) : sink;
    return {
      fastify: { loggerInstance: pino(DEFAULT_OPTIONS, out) },
      requestLine: pino(LINE_OPTIONS, out),
      flush: () => sink.flushSync(),
      droppedLines: () => dropped,
    };
  }
  if (isInstance(logger)) return { fastify: { loggerInstance: logger }, flush() {} };
  return {
    fastify: { logger: { ...DEFAULT_OPTIONS, ...logger } as PinoLoggerOptions },
    flush() {},
  };
}
