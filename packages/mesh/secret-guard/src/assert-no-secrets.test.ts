import { MeshError } from "@mesh/errors";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { credential, safeProse } from "../test/arbitraries.js";
import { assertNoSecrets } from "./assert-no-secrets.js";
import { CredentialLeakError } from "./credential-leak-error.js";

function thrown(fn: () => void): CredentialLeakError {
  try {
    fn();
  } catch (err) {
    if (err instanceof CredentialLeakError) return err;
    throw err;
  }
  throw new Error("expected a CredentialLeakError");
}

describe("assertNoSecrets", () => {
  it("returns quietly for clean content", () => {
    expect(assertNoSecrets("just regular content here")).toBeUndefined();
  });

  it("throws a CredentialLeakError that is a MeshError, with rule, label and index", () => {
    const err = thrown(() => assertNoSecrets("key: AKIAIOSFODNN7EXAMPLE"));
    expect(err).toBeInstanceOf(MeshError);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      name: "CredentialLeakError",
      code: "credential_leak",
      ruleId: "aws-access-key-id",
      label: "aws access key",
      index: 5,
      length: 20,
    });
    expect(err.message).toBe(
      "refusing to send: content matches aws access key pattern. Credentials travel out of band, never in DM content.",
    );
  });

  it("uses the live-token message for a known secret", () => {
    const live = "Zk9xQ2vT" + "A1b2C3d4".repeat(6);
    const err = thrown(() => assertNoSecrets(`token ${live}`, { knownSecrets: [live] }));
    expect(err.ruleId).toBe("known-secret");
    expect(err.message).toMatch(
      /^refusing to send: content contains the live MESH_GATEWAY_TOKEN value\. /,
    );
    expect(err.message).not.toContain(live);
  });

  it("never puts the secret, or any 8 characters of it, in the message or the error", () => {
    fc.assert(
      fc.property(safeProse, credential, (before, { secret, context }) => {
        const err = thrown(() => assertNoSecrets(`${before} ${secret}${context}`));
        const visible = `${err.message} ${String(err)} ${JSON.stringify(err)} ${err.stack ?? ""}`;
        for (let i = 0; i + 8 <= secret.length; i++) {
          expect(visible).not.toContain(secret.slice(i, i + 8));
        }
      }),
      { numRuns: 500 },
    );
  });
});
