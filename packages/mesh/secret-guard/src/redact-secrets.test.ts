import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fragmentText } from "../test/arbitraries.js";
import { findAllSecrets } from "./find-all-secrets.js";
import { findSecret } from "./find-secret.js";
import { redactSecrets } from "./redact-secrets.js";
import { SECRET_RULES } from "./secret-rules.js";

const x = (c: string, n: number) => c.repeat(n);

describe("redactSecrets", () => {
  it("replaces each match with its rule marker and keeps the rest", () => {
    const content = `a sk-ant-${x("Q", 20)} b\nAKIAIOSFODNN7EXAMPLE c`;
    expect(redactSecrets(content)).toBe(
      "a [REDACTED:anthropic-api-key] b\n[REDACTED:aws-access-key-id] c",
    );
  });

  it("returns content without matches unchanged", () => {
    expect(redactSecrets("just regular content here")).toBe("just regular content here");
  });

  it("redacts the live token and its encodings", () => {
    const live = "Zk9xQ2vT" + x("A1b2C3d4", 6);
    const b64 = btoa(live);
    const content = `raw ${live} b64 ${b64} hex ${Buffer.from(live).toString("hex")}`;
    // The last base64 character also carries padding bits, so it is not the secret's own.
    expect(redactSecrets(content, { knownSecrets: [live] })).toMatch(
      /^raw \[REDACTED:known-secret\] b64 \[REDACTED:known-secret\][A-Za-z0-9+/]?=* hex \[REDACTED:known-secret\]$/,
    );
  });

  it("redacts keys glued together, which only start a word once the previous one is gone", () => {
    const google = "AIza" + x("B", 35);
    const content = google + google + "AKIA" + x("Z", 16);
    expect(findSecret(content)).toMatchObject({ ruleId: "google-api-key", index: 0 });
    expect(redactSecrets(content)).toBe(
      "[REDACTED:google-api-key][REDACTED:google-api-key][REDACTED:aws-access-key-id]",
    );
  });

  it("redacts an aws secret whose only aws context is the access key id beside it", () => {
    const content = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY AKIAIOSFODNN7EXAMPLE";
    expect(redactSecrets(content)).toBe(
      "[REDACTED:aws-secret-access-key] [REDACTED:aws-access-key-id]",
    );
  });

  it("leaves nothing findSecret would refuse (property)", () => {
    fc.assert(
      fc.property(fragmentText, (content) => {
        expect(findSecret(redactSecrets(content))).toBeNull();
      }),
      { numRuns: 3000 },
    );
  });

  it("leaves no known secret behind (property)", () => {
    const secret = "AAAAAAAAAAAAAAAAaaaa";
    fc.assert(
      fc.property(fragmentText, fragmentText, (before, after) => {
        const options = { knownSecrets: [secret] };
        const redacted = redactSecrets(before + secret + after, options);
        expect(findSecret(redacted, options)).toBeNull();
        expect(redacted).not.toContain(secret);
      }),
      { numRuns: 1000 },
    );
  });

  it("uses markers that match no rule themselves", () => {
    for (const rule of SECRET_RULES) {
      const marker = `[REDACTED:${rule.id}]`;
      expect(findSecret(marker + " aws MESH_GATEWAY_TOKEN")).toBeNull();
      expect(findAllSecrets(marker + marker)).toEqual([]);
    }
  });
});
