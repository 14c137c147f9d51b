import { type SseBlock, SseParser } from "./sse-parser.js";

/** Options of {@link readEventStream}. */
export interface ReadEventStreamOptions {
  /** Longest line accepted; a longer one throws a `RangeError` instead of growing a buffer. */
  maxLineChars: number;
  /** Silence (no bytes at all, pings included) in ms after which `onIdle` is called. */
  idleMs: number;
  /** Called once after `idleMs` of silence; it should abort the request, which ends the read. */
  onIdle: () => void;
}

/**
 * The blocks of a `text/event-stream` body as they arrive. A silent connection is reported
 * through `onIdle` rather than ended here, so that the caller aborts its own request (and the
 * read then rejects with that abort). Ends when the body ends.
 */
export async function* readEventStream(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  options: ReadEventStreamOptions,
): AsyncGenerator<SseBlock, void, undefined> {
  const parser = new SseParser(options.maxLineChars);
  let idle = setTimeout(options.onIdle, options.idleMs);
  try {
    for await (const text of body.pipeThrough(new TextDecoderStream())) {
      clearTimeout(idle);
      idle = setTimeout(options.onIdle, options.idleMs);
      yield* parser.push(text);
    }
  } finally {
    clearTimeout(idle);
  }
}
