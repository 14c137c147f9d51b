import { PassThrough, Writable } from "node:stream";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { StdioLineTransport } from "./stdio-line-transport.js";

const ping = (id: number): JSONRPCMessage => ({ jsonrpc: "2.0", id, method: "ping" });

async function started() {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new StdioLineTransport(input, output);
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  transport.onmessage = (message) => messages.push(message);
  transport.onerror = (error) => errors.push(error);
  await transport.start();
  return { input, output, transport, messages, errors };
}

describe("StdioLineTransport", () => {
  it("hands over one message per line, across chunks and with CRLF line ends", async () => {
    const { input, messages } = await started();
    const lines = `${JSON.stringify(ping(1))}\r\n${JSON.stringify(ping(2))}\n${JSON.stringify(ping(3))}\n`;
    input.write(lines.slice(0, 10));
    input.write(lines.slice(10, 60));
    expect(messages).toEqual([ping(1)]);
    input.write(lines.slice(60));
    expect(messages).toEqual([ping(1), ping(2), ping(3)]);
  });

  it("decodes a character split between two chunks", async () => {
    const { input, messages } = await started();
    const line = Buffer.from(
      `${JSON.stringify({ jsonrpc: "2.0", method: "x", params: { text: "Grüße ✓" } })}\n`,
    );
    const split = line.indexOf(Buffer.from("✓")) + 1;
    input.write(line.subarray(0, split));
    input.write(line.subarray(split));
    expect(messages).toEqual([{ jsonrpc: "2.0", method: "x", params: { text: "Grüße ✓" } }]);
  });

  it("reports a line that is not JSON and reads on", async () => {
    const { input, messages, errors } = await started();
    input.write(`not json\n${JSON.stringify(ping(4))}\n`);
    expect(errors).toHaveLength(1);
    expect(messages).toEqual([ping(4)]);
  });

  it("lets intercept take a message before onmessage, and writes serialized lines as they are", async () => {
    const { input, output, transport, messages } = await started();
    transport.intercept = (message) => "id" in message && message.id === 8;
    input.write(`${JSON.stringify(ping(8))}\n${JSON.stringify(ping(9))}\n`);
    expect(messages).toEqual([ping(9)]);
    await transport.sendLine('{"jsonrpc":"2.0","id":8,"result":{}}');
    expect(output.read()?.toString("utf8")).toBe('{"jsonrpc":"2.0","id":8,"result":{}}\n');
  });

  it("drops a line that never ends before 10 MiB, and closes", async () => {
    const { input, transport, messages, errors } = await started();
    let closed = false;
    transport.onclose = () => {
      closed = true;
    };
    input.write("x".repeat(10 * 1024 * 1024 + 1));
    expect(errors[0]?.message).toMatch(/dropped/);
    expect(closed).toBe(true);
    input.write(`${JSON.stringify(ping(5))}\n`);
    expect(messages).toEqual([]);
  });

  it("writes each message as one line, and waits for a full output to drain", async () => {
    const written: string[] = [];
    let release = () => {};
    const output = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString("utf8"));
        release = done;
      },
    });
    const transport = new StdioLineTransport(new PassThrough(), output);
    let sent = false;
    const sending = transport.send(ping(6)).then(() => {
      sent = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual([`${JSON.stringify(ping(6))}\n`]);
    expect(sent).toBe(false);
    release();
    await sending;
    expect(sent).toBe(true);
  });

  it("stops reading when closed", async () => {
    const { input, transport, messages } = await started();
    let closed = false;
    transport.onclose = () => {
      closed = true;
    };
    await transport.close();
    input.write(`${JSON.stringify(ping(7))}\n`);
    expect(closed).toBe(true);
    expect(messages).toEqual([]);
    expect(input.isPaused()).toBe(true);
  });
});
