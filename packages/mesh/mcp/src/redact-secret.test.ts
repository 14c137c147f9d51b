import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mentionsSecret, redactSecret } from "./redact-secret.js";

describe("redactSecret", () => {
  it("replaces the secret in nested strings and keys, and keeps everything else", () => {
    const value = {
      messages: [{ id: 1, content: "token mesh_abc123 leaked", read_at: null, ok: true }],
      mesh_abc123: "x",
    };
    expect(redactSecret(value, "mesh_abc123")).toEqual({
      messages: [{ id: 1, content: "token [REDACTED] leaked", read_at: null, ok: true }],
      "[REDACTED]": "x",
    });
  });

  it("returns the value as is without a secret", () => {
    const value = { text: "anything" };
    expect(redactSecret(value, undefined)).toBe(value);
    expect(redactSecret(value, "")).toBe(value);
  });

  it("keeps a short secret that is only part of a word, as every mesh package does", () => {
    expect(redactSecret({ text: "bad port", key: "t" }, "t")).toEqual({
      text: "bad port",
      key: "[REDACTED]",
    });
  });

  it("never leaves a secret of 16 characters or more anywhere in the serialized result", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 16 }), fc.jsonValue(), (secret, json) => {
        const redacted = redactSecret(json, secret);
        const strings: string[] = [];
        JSON.stringify(redacted, (key, item) => {
          strings.push(key);
          if (typeof item === "string") strings.push(item);
          return item;
        });
        expect(strings.some((text) => text.includes(secret))).toBe(false);
      }),
    );
  });
});

describe("mentionsSecret", () => {
  it("is true exactly when redactSecret would change something", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.jsonValue(), (secret, json) => {
        const changed = JSON.stringify(redactSecret(json, secret)) !== JSON.stringify(json);
        if (changed) expect(mentionsSecret(json, secret)).toBe(true);
        if (!mentionsSecret(json, secret)) expect(redactSecret(json, secret)).toEqual(json);
      }),
    );
  });

  it("finds the secret in a nested value and in a key", () => {
    expect(mentionsSecret({ a: [{ b: "x mesh_abc123" }] }, "mesh_abc123")).toBe(true);
    expect(mentionsSecret({ mesh_abc123: 1 }, "mesh_abc123")).toBe(true);
    expect(mentionsSecret({ a: [1, null, "other"] }, "mesh_abc123")).toBe(false);
    expect(mentionsSecret({ a: "mesh_abc123" }, undefined)).toBe(false);
  });
});
