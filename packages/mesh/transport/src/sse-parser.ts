/** One dispatched Server-Sent Events block. */
export interface SseBlock {
  /** The `id:` of this block, when it carried one. */
  id: string | undefined;
  /** The `event:` type; `message` when absent. */
  event: string;
  /** The `data:` lines joined by newlines; `undefined` when the block had none (an id-only block). */
  data: string | undefined;
}

/**
 * Incremental parser of the `text/event-stream` format (WHATWG HTML, "Server-sent events"):
 * `\n`, `\r\n` and `\r` line ends, comments, `id`, `event`, `data` and fields it ignores.
 * Written by hand: the client needs twenty lines of it, not a dependency. A line longer than
 * `maxLineChars` is an error rather than an unbounded buffer.
 */
export class SseParser {
  readonly #maxLineChars: number;
  #buffer = "";
  #id: string | undefined;
  #event = "";
  #data: string[] = [];
  #sawField = false;
  /** A `\r` ended the last chunk: a `\n` starting the next one belongs to it. */
  #pendingCr = false;

  constructor(maxLineChars: number) {
    this.#maxLineChars = maxLineChars;
  }

  /** Feeds decoded text; returns the blocks it completed, in order. */
  push(text: string): SseBlock[] {
    let input = text;
    if (this.#pendingCr && input.startsWith("\n")) input = input.slice(1);
    this.#pendingCr = false;
    this.#buffer += input;
    const blocks: SseBlock[] = [];
    let start = 0;
    for (;;) {
      const end = lineEnd(this.#buffer, start);
      if (end === -1) break;
      const block = this.#line(this.#buffer.slice(start, end));
      if (block !== undefined) blocks.push(block);
      start = end + 1;
      if (this.#buffer[end] === "\r") {
        if (start === this.#buffer.length) this.#pendingCr = true;
        else if (this.#buffer[start] === "\n") start++;
      }
    }
    this.#buffer = this.#buffer.slice(start);
    if (this.#buffer.length > this.#maxLineChars) {
      throw new RangeError(`an event-stream line is longer than ${this.#maxLineChars} characters`);
    }
    return blocks;
  }

  #line(line: string): SseBlock | undefined {
    if (line === "") return this.#dispatch();
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.#data.push(value);
    else if (field === "event") this.#event = value;
    else if (field === "id" && !value.includes("\0")) this.#id = value;
    else return undefined;
    this.#sawField = true;
    return undefined;
  }

  #dispatch(): SseBlock | undefined {
    if (!this.#sawField) return undefined;
    const block: SseBlock = {
      id: this.#id,
      event: this.#event === "" ? "message" : this.#event,
      data: this.#data.length === 0 ? undefined : this.#data.join("\n"),
    };
    this.#id = undefined;
    this.#event = "";
    this.#data = [];
    this.#sawField = false;
    return block;
  }
}

function lineEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i;
  }
  return -1;
}
