import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { describeInvalidArguments } from "./describe-invalid-arguments.js";
import { jsonSchemaOf, SendMessageInput, WaitForMessagesInput } from "./tool-schemas.js";

function refusal(schema: v.GenericSchema, tool: string, input: unknown): string {
  const result = v.safeParse(schema, input);
  if (result.success) throw new Error("accepted");
  const properties = jsonSchemaOf(schema, "input")["properties"] as Record<string, never>;
  return describeInvalidArguments(result.issues, { tool, properties });
}

describe("describeInvalidArguments", () => {
  it.each([
    {
      input: { to: "droplet", kind: "fyi" },
      text: /^invalid arguments for send_message: 'content' is required \(content: message text/,
    },
    {
      input: { to: "droplet", kind: "gossip", content: "x" },
      text: /'kind' must be one of fyi, question, answer, status, unblock \(kind: what the message is\)\.$/,
    },
    {
      input: { to: "droplet", kind: "fyi", content: 5 },
      text: /'content' must be a string/,
    },
    {
      input: { to: "droplet", kind: "fyi", content: "x", resend: "yes" },
      text: /'resend' must be true or false/,
    },
    {
      input: { to: "droplet", kind: "fyi", content: "x", thread_id: "" },
      text: /'thread_id' must have at least 1 characters/,
    },
    {
      input: { to: "droplet", kind: "fyi", content: "x", cc: "gpu-wsl" },
      text: /^send_message has no argument 'cc': it takes to, kind, content, thread_id, related_task_id, idempotency_key, resend\.$/,
    },
    { input: "to droplet", text: /^the arguments of send_message must be a JSON object\.$/ },
  ])("words $input", ({ input, text }) => {
    expect(refusal(SendMessageInput, "send_message", input)).toMatch(text);
  });

  it.each([
    { input: { timeout_seconds: 0 }, text: /'timeout_seconds' must be at least 1/ },
    { input: { timeout_seconds: 31 }, text: /'timeout_seconds' must be at most 30/ },
    { input: { timeout_seconds: 1.5 }, text: /'timeout_seconds' must be a whole number/ },
    { input: { limit: 0 }, text: /'limit' must be at least 1/ },
  ])("words the bounds of $input", ({ input, text }) => {
    expect(refusal(WaitForMessagesInput, "wait_for_messages", input)).toMatch(text);
  });

  it("never quotes the value it refused", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_]{12,40}$/), (secret) => {
        for (const input of [
          { to: "droplet", kind: secret, content: "x" },
          { to: "droplet", kind: "fyi", content: "x", thread_id: secret.repeat(20) },
          { to: "droplet", kind: "fyi", content: "x", idempotency_key: 1, other: secret },
        ]) {
          expect(refusal(SendMessageInput, "send_message", input)).not.toContain(secret);
        }
      }),
    );
  });
});
