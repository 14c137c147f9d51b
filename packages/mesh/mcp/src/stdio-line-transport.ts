import type { Readable, Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** A line longer than this (in UTF-16 units) is dropped with an error, as the SDK does at 10 MiB. */
const MAX_LINE = 10 * 1024 * 1024;

/**
 * MCP's stdio framing, one JSON-RPC message per line each way, as the SDK's
 * `StdioServerTransport` does it, without its zod parse of every incoming line: the SDK's
 * protocol layer checks each message's shape again on arrival (and reports one that is not a
 * message to `onerror`, as the transport did), so every call was parsed and copied twice.
 */
export class StdioLineTransport implements Transport {
  onmessage?: ((message: JSONRPCMessage) => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onclose?: (() => void) | undefined;
  /** Sees each message first; one it returns true for is not handed to `onmessage`. */
  intercept?: ((message: JSONRPCMessage) => boolean) | undefined;
  readonly #input: Readable;
  readonly #output: Writable;
  readonly #decoder = new StringDecoder("utf8");
  #pending = "";

  constructor(input: Readable, output: Writable) {
    this.#input = input;
    this.#output = output;
  }

  async start(): Promise<void> {
    this.#input.on("data", this.#ondata);
    this.#input.on("error", this.#onerror);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.sendLine(JSON.stringify(message));
  }

  /** Writes one message already serialized as JSON (without a line end in it). */
  sendLine(json: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.#output.write(`${json}\n`)) resolve();
      else this.#output.once("drain", resolve);
    });
  }

  async close(): Promise<void> {
    this.#input.off("data", this.#ondata);
    this.#input.off("error", this.#onerror);
    // Paused only when nothing else reads it, so that the process can end.
    if (this.#input.listenerCount("data") === 0) this.#input.pause();
    this.#pending = "";
    this.onclose?.();
  }

  readonly #ondata = (chunk: Buffer | string): void => {
    const text = typeof chunk === "string" ? chunk : this.#decoder.write(chunk);
    // Only the new text can hold the first line end: the text before it had none.
    let end = text.indexOf("\n");
    if (end !== -1) end += this.#pending.length;
    this.#pending += text;
    while (end !== -1) {
      const line = this.#pending.slice(0, end);
      this.#pending = this.#pending.slice(end + 1);
      this.#receive(line.endsWith("\r") ? line.slice(0, -1) : line);
      end = this.#pending.indexOf("\n");
    }
    if (this.#pending.length > MAX_LINE) {
      this.#pending = "";
      this.onerror?.(new Error(`a line of more than ${MAX_LINE} characters on stdin was dropped`));
      void this.close();
    }
  };

  readonly #onerror = (error: Error): void => {
    this.onerror?.(error);
  };

  #receive(line: string): void {
    try {
      const message = JSON.parse(line) as JSONRPCMessage;
      if (!this.intercept?.(message)) this.onmessage?.(message);
    } catch (error) {
      this.onerror?.(error as Error);
    }
  }
}
