import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "./error-codes.js";
import { ERROR_TABLE, errorHint, errorStatus } from "./error-table.js";
import { formatBytes } from "./format-bytes.js";
import { MAX_BODY_BYTES, MAX_CONTENT_BYTES } from "./limits.js";

const words = { peers: "`mesh peers`" };

describe("ERROR_TABLE", () => {
  it("holds exactly the error codes, each with an error status and a hint", () => {
    expect(Object.keys(ERROR_TABLE).sort()).toEqual([...ERROR_CODES].sort());
    for (const { status, hint } of Object.values(ERROR_TABLE)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
      expect(hint).not.toMatch(/\.$/);
      expect(hint.length).toBeGreaterThan(10);
    }
  });

  it.each([
    ["invalid_json", 400],
    ["unknown_recipient", 404],
    ["recipient_disabled", 409],
    ["sender_disabled", 403],
    ["method_not_allowed", 405],
    ["unauthorized", 401],
    ["payload_too_large", 413],
    ["request_timeout", 408],
    ["misdirected_request", 421],
    ["secret_detected", 422],
    ["rate_limited", 429],
    ["overloaded", 503],
    ["unsupported_media_type", 415],
  ] as const)("answers %s with status %i", (code, status) => {
    expect(errorStatus(code)).toBe(status);
  });

  it("words the size limits from the limits themselves", () => {
    const hint = errorHint("payload_too_large", words);
    expect(hint).toContain(formatBytes(MAX_CONTENT_BYTES));
    expect(hint).toContain(formatBytes(MAX_BODY_BYTES));
  });
});

describe("errorHint", () => {
  it("names the reader's own way to list the peers", () => {
    expect(errorHint("unknown_recipient", words)).toBe(
      "use a registered peer name; `mesh peers` lists them",
    );
    expect(errorHint("unknown_recipient", { peers: "`list_peers`" })).toContain("`list_peers`");
    for (const code of ERROR_CODES) expect(errorHint(code, words)).not.toContain("{peers}");
  });

  it("has no hint for a code the gateway does not send", () => {
    fc.assert(
      fc.property(fc.string(), (code) => {
        fc.pre(!(ERROR_CODES as readonly string[]).includes(code));
        expect(errorHint(code, words)).toBeUndefined();
      }),
    );
    expect(errorHint("toString", words)).toBeUndefined();
    expect(errorHint("__proto__", words)).toBeUndefined();
  });
});
