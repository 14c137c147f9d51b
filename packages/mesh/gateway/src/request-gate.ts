import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

export interface RequestGateOptions {
  /** Requests of one connection handed to the app at once; later ones wait their turn. */
  inFlight: number;
  /** Unanswered requests at which a connection is no longer read, until half are answered. */
  pauseAt: number;
  /** Unanswered requests one connection may have; past it the connection is closed. */
  perConnection: number;
  /** Unanswered requests across all connections; past it a pipelining connection is closed. */
  total: number;
}

/**
 * Requests handed on at once per connection, the unanswered count that stops reading it, and
 * the admission of new connections (see `ConnectionAdmission`).
 */
export const PIPELINE_DEFAULTS = { inFlight: 8, pauseAt: 64, slots: 1 } as const;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface Entry {
  request: IncomingMessage;
  response: ServerResponse;
}

/** One connection's requests: counted from parsing until their response closes. */
interface Line {
  unanswered: number;
  running: number;
  waiting: Entry[];
  /** Index of the next waiting entry (the queue is only appended to until it empties). */
  head: number;
  paused: boolean;
  scheduled: boolean;
}

/**
 * Stands between Node's HTTP parser and the app. A client may pipeline many requests in one
 * write, and the parser yields them all at once; the gate hands the app a few per connection at
 * a time (the rest wait, released one event-loop turn later so other connections are served
 * between), stops reading a connection with many unanswered, closes one past its bound or
 * while all connections together hold too many, and drops requests of a closed connection
 * without the app ever seeing them.
 */
export class RequestGate {
  readonly options: RequestGateOptions;
  /** Connections closed for pipelining too many unanswered requests, since start. */
  closed = 0;
  private unanswered = 0;
  private readonly lines = new WeakMap<Socket, Line>();
  private handler: Handler = () => {};

  constructor(options: RequestGateOptions) {
    this.options = options;
  }

  /** The server's `request` listener, handing requests on to `handler` (the app's). */
  serve(handler: Handler): Handler {
    this.handler = handler;
    return this.handle;
  }

  /** Requests parsed and not yet answered, across all connections. */
  get held(): number {
    return this.unanswered;
  }

  private readonly handle = (request: IncomingMessage, response: ServerResponse): void => {
    const socket = request.socket;
    // The connection is gone: nobody reads the reply, and Node aborts the request with it.
    if (socket.destroyed) return;
    const line = this.lineOf(socket);
    this.count(line, socket, response);
    const { perConnection, total, pauseAt, inFlight } = this.options;
    if (
      line.unanswered > perConnection ||
      (this.unanswered > total && line.unanswered > inFlight)
    ) {
      this.closed++;
      socket.destroy();
      return;
    }
    if (line.unanswered >= pauseAt && !line.paused) {
      line.paused = true;
      socket.pause();
    }
    if (line.running < inFlight && line.head === line.waiting.length) {
      this.run(line, socket, request, response);
    } else {
      line.waiting.push({ request, response });
    }
  };

  private lineOf(socket: Socket): Line {
    let line = this.lines.get(socket);
    if (line === undefined) {
      line = { unanswered: 0, running: 0, waiting: [], head: 0, paused: false, scheduled: false };
      this.lines.set(socket, line);
    }
    return line;
  }

  /** Counts a request until its response closes (answered, or aborted with the connection). */
  private count(line: Line, socket: Socket, response: ServerResponse): void {
    line.unanswered++;
    this.unanswered++;
    response.once("close", () => {
      line.unanswered--;
      this.unanswered--;
      if (line.paused && line.unanswered <= this.options.pauseAt / 2) {
        line.paused = false;
        socket.resume();
      }
    });
  }

  private run(
    line: Line,
    socket: Socket,
    request: IncomingMessage,
    response: ServerResponse,
  ): void {
    line.running++;
    response.once("close", () => {
      line.running--;
      if (line.head < line.waiting.length && !line.scheduled) {
        line.scheduled = true;
        setImmediate(() => this.release(line, socket));
      }
    });
    this.handler(request, response);
  }

  /** Hands waiting requests to the app, up to the in-flight bound. */
  private release(line: Line, socket: Socket): void {
    line.scheduled = false;
    while (line.running < this.options.inFlight && line.head < line.waiting.length) {
      const { request, response } = line.waiting[line.head]!;
      line.head++;
      if (!socket.destroyed && !response.destroyed) this.run(line, socket, request, response);
    }
    if (line.head === line.waiting.length) {
      line.waiting = [];
      line.head = 0;
    }
  }
}
