import { MeshError } from "@mesh/errors";
import { describe, expect, it } from "vitest";
import { assertNoSecrets } from "./assert-no-secrets.js";
import { findAllSecrets } from "./find-all-secrets.js";
import { findSecret } from "./find-secret.js";
import { redactSecrets } from "./redact-secrets.js";
import * as spec from "./spec.js";

const npm = "npm_" + "aB3".repeat(12);
const pem = "-----BEGIN PRIVATE KEY-----\nMIIEvQ==\n-----END PRIVATE KEY-----";

describe("rules option", () => {
  it("uses the extra rules by default and with rules: 'all'", () => {
    expect(findSecret(`token ${npm}`)?.ruleId).toBe("npm-token");
    expect(findSecret(`token ${npm}`, { rules: "all" })?.ruleId).toBe("npm-token");
    expect(findAllSecrets(pem).map((m) => m.ruleId)).toEqual(["private-key"]);
    expect(redactSecrets(`a ${npm} b`)).toBe("a [REDACTED:npm-token] b");
    expect(() => assertNoSecrets(npm)).toThrow(/npm token/);
  });

  it("keeps exactly the spec's twelve with rules: 'spec'", () => {
    const options = { rules: "spec" } as const;
    expect(findSecret(`token ${npm}`, options)).toBeNull();
    expect(findAllSecrets(pem, options)).toEqual([]);
    expect(redactSecrets(npm, options)).toBe(npm);
    expect(() => assertNoSecrets(npm, options)).not.toThrow();
    expect(findSecret("AKIAIOSFODNN7EXAMPLE", options)?.ruleId).toBe("aws-access-key-id");
  });

  it("reports what the twelve catch the same way with either rule set", () => {
    const content = `${npm} then AKIAIOSFODNN7EXAMPLE`;
    expect(findSecret(content)).toEqual(findSecret(content, { rules: "spec" }));
  });

  it("looks for the known secrets only with rules: 'none'", () => {
    const live = "Zk9xQ2vT-live-gateway-token";
    const options = { rules: "none", knownSecrets: [live] } as const;
    const content = `${npm} AKIAIOSFODNN7EXAMPLE ${btoa(live)}`;
    expect(findSecret(content, { rules: "none" })).toBeNull();
    expect(findSecret(content, options)).toMatchObject({ ruleId: "known-secret" });
    expect(findAllSecrets(`${live} ${content} ${live}`, options).map((m) => m.index)).toEqual([
      0,
      live.length + 1 + content.indexOf(btoa(live).slice(0, 16)),
      live.length + 2 + content.length,
    ]);
    expect(redactSecrets(`${npm} ${live}`, options)).toBe(`${npm} [REDACTED:known-secret]`);
    expect(() => assertNoSecrets(npm, options)).not.toThrow();
    expect(spec.findSecret(`AKIAIOSFODNN7EXAMPLE ${live}`, options)?.index).toBe(21);
  });

  it("refuses an unknown rule set instead of scanning for less", () => {
    for (const rules of ["nothing", "", 1, null]) {
      let error: unknown;
      try {
        findSecret("x", { rules: rules as never });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(TypeError);
      expect(error).toBeInstanceOf(MeshError);
    }
  });
});

describe("@mesh/secret-guard/spec entry", () => {
  it("scans for the twelve only, by default and with rules: 'spec'", () => {
    expect(spec.findSecret(npm)).toBeNull();
    expect(spec.findSecret(npm, { rules: "spec" })).toBeNull();
    expect(spec.findAllSecrets(`${npm} AKIAIOSFODNN7EXAMPLE`).map((m) => m.ruleId)).toEqual([
      "aws-access-key-id",
    ]);
    expect(spec.redactSecrets("AKIAIOSFODNN7EXAMPLE")).toBe("[REDACTED:aws-access-key-id]");
    expect(() => spec.assertNoSecrets("AKIAIOSFODNN7EXAMPLE")).toThrow(spec.CredentialLeakError);
  });

  it("refuses rules: 'all', which it cannot honour", () => {
    expect(() => spec.findSecret(npm, { rules: "all" })).toThrow(/\(@mesh\/secret-guard\)/);
    expect(() => spec.redactSecrets(npm, { rules: "all" })).toThrow(TypeError);
  });
});
