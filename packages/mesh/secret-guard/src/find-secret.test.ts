import { MeshError } from "@mesh/errors";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { credential, safeProse } from "../test/arbitraries.js";
import { REFERENCE_PATTERNS } from "../test/reference.js";
import { findSecret } from "./find-secret.js";
import { redactSecrets } from "./redact-secrets.js";
import { SECRET_RULES } from "./secret-rules.js";

const x = (c: string, n: number) => c.repeat(n);
const LIVE = "Zk9xQ2vT" + x("A1b2C3d4", 6);

// [content, expected label or null, note]. Every documented example of the credential guard, then edges.
const TABLE: ReadonlyArray<readonly [string, string | null]> = [
  ["just regular content here", null],
  ["upload with pypi-AgEIcHlwaS5vcmcCJDlhMTJjNTc2X" + x("Y", 30), "pypi token"],
  ["api key sk-ant-XXXXXXXXXXXXXXXXXXXXX1234567890", "anthropic api key"],
  ["sk-admin-" + x("X", 30), "openai ADMIN key (org-level privilege)"],
  ["sk-proj-" + x("X", 30), "openai api key"],
  ["sk-" + x("q", 20), "openai api key"],
  ["sk-" + x("q", 19), null],
  ["sk-0123456789abcdef0123456789abcdef", "openai api key"],
  ["sk-ant-" + x("Q", 19), "openai api key"],
  ["sk-admin-" + x("Q", 19), null],
  ["xsk-ant-" + x("Q", 30), null],
  ["xai-" + x("Z", 50), "xai api key"],
  ["xai-" + x("Z", 39), null],
  ["AIza" + x("B", 35), "google api key"],
  ["AIza" + x("B", 34), null],
  ["auth header: Bearer ghp_" + x("X", 40), "github token"],
  ["gho_" + x("X", 30), "github token"],
  ["ghu_" + x("X", 30), null],
  ["ghp_" + x("X", 29), null],
  ["AKIAIOSFODNN7EXAMPLE", "aws access key"],
  ["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY aws", "aws secret key"],
  ["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY AWS", null],
  ["eyJabcdefghijklmno0.eyJabcdefghijklmno0.signature_part_xxxxxxxx", "jwt"],
  ["eyJ.eyJ.x", null],
  [x("T", 56) + " is MESH_GATEWAY_TOKEN", "possible mesh-gateway token"],
  [x("T", 56) + "\nMESH_GATEWAY_TOKEN", null],
  // Prefix collisions and thresholds.
  ["sk-ant-" + x("Q", 20), "anthropic api key"],
  ["sk-admin-" + x("Q", 20), "openai ADMIN key (org-level privilege)"],
  ["sk-proj-" + x("Q", 15), "openai api key"], // proj- counts toward the 20 without it
  ["sk-proj-" + x("Q", 14), null],
  ["pypi-" + x("a", 20), "pypi token"],
  ["pypi-" + x("a", 19), null],
  ["xpypi-" + x("a", 30), null],
  ["_sk-" + x("a", 30), null], // _ is a word character: no word start
  ["-sk-" + x("a", 30), "openai api key"],
  ["AIza" + x("B", 34) + "!", null],
  ["AIza" + x("B", 40), "google api key"], // no end boundary
  ["ghs_" + x("9", 30), "github token"],
  ["ghp_" + x("9", 29) + "_" + x("9", 5), null], // _ is not alphanumeric
  ["AKIA" + x("Z", 16) + "x", null], // no end boundary
  ["AKIA" + x("Z", 15), null],
  ["AKIA" + x("Z", 16) + "-rest", "aws access key"],
  ["key=" + x("k", 40) + " aws", "aws secret key"],
  ["x" + x("k", 40) + " aws", null], // 41 word characters: no boundary after 40
  [x("k", 40) + "\naws", null],
  ["/" + x("k", 39) + " aws", null], // text start and / are both non-word: no boundary
  ["x/" + x("k", 39) + " aws", "aws secret key"],
  ["eyJ" + x("a", 15) + ".eyJ" + x("b", 15) + "." + x("c", 14), null],
  ["eyJ" + x("a", 15) + ".eyJ" + x("b", 15) + "." + x("c", 15), "jwt"],
  [x("T", 47) + " MESH_GATEWAY_TOKEN", null],
  [x("T", 48) + " MESH_GATEWAY_TOKEN", "possible mesh-gateway token"],
  ["MESH_GATEWAY_TOKEN " + x("T", 48), null], // the name must come later
  ["sk-ÿ" + x("a", 30), null], // non-ASCII breaks every run
];

describe("findSecret", () => {
  it.each(TABLE)("%j -> %s", (content, label) => {
    expect(findSecret(content)?.label ?? null).toBe(label);
  });

  it("agrees with the spec regexes on every table row", () => {
    for (const [content] of TABLE) {
      const expected = REFERENCE_PATTERNS.findIndex((re) => re.test(content));
      expect(findSecret(content)?.ruleId ?? null).toBe(
        expected < 0 ? null : SECRET_RULES[expected]?.id,
      );
    }
  });

  it("reports the rule id, index and length of the match, never its text", () => {
    const content = "token: sk-ant-" + x("Q", 25) + " end";
    expect(findSecret(content)).toEqual({
      ruleId: "anthropic-api-key",
      label: "anthropic api key",
      index: 7,
      length: 32,
    });
  });

  it("lets the earliest rule win even when a later rule matches further left", () => {
    const content = "AKIAIOSFODNN7EXAMPLE then pypi-" + x("a", 20);
    expect(findSecret(content)).toMatchObject({ ruleId: "pypi-token", index: 26 });
  });

  it("reports the DeepSeek shape as openai api key (spec ordering quirk)", () => {
    expect(findSecret("sk-" + x("0a", 16))?.ruleId).toBe("openai-api-key");
  });

  it("measures the mesh-token heuristic like the regex: longest end at a boundary before the name", () => {
    const content = x("T", 50) + "-MESH_GATEWAY_TOKEN";
    // The run ends at 69; backtracking stops at 51, the boundary between "-" and "M".
    expect(findSecret(content)).toMatchObject({ index: 0, length: 51 });
  });

  it("refuses the live token pasted bare, and passes unrelated content", () => {
    const options = { knownSecrets: [` ${LIVE}\n`] };
    expect(findSecret(`please use ${LIVE} for now`, options)).toEqual({
      ruleId: "known-secret",
      label: "live MESH_GATEWAY_TOKEN value",
      index: 11,
      length: LIVE.length,
    });
    expect(findSecret("a perfectly normal mesh message about the weather", options)).toBeNull();
    expect(findSecret("x marks the spot", { knownSecrets: ["x"] })).toBeNull();
  });

  it("checks known secrets before the shapes", () => {
    const secret = "correct horse battery staple";
    const content = "pypi-" + x("a", 30) + " and " + secret;
    expect(findSecret(content, { knownSecrets: [secret] })?.ruleId).toBe("known-secret");
  });

  it("refuses content that is not a string instead of passing it", () => {
    expect(() => findSecret(42 as unknown as string)).toThrow(TypeError);
    expect(() => findSecret("x", { knownSecrets: [1] as unknown as string[] })).toThrow(TypeError);
  });

  it.each([
    ["content that is not a string", () => findSecret(42 as unknown as string)],
    ["knownSecrets that is not an array", () => findSecret("x", { knownSecrets: "s" as never })],
    ["redacting content that is not a string", () => redactSecrets(null as unknown as string)],
  ])("refuses %s with an error that is also a MeshError", (_what, call) => {
    let error: unknown;
    try {
      call();
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toBeInstanceOf(MeshError);
    expect((error as { code?: unknown }).code).toBe("invalid_argument");
  });
});

describe("findSecret on generated credentials", () => {
  it("finds a credential of every shape anywhere in prose, with its rule id and index", () => {
    fc.assert(
      fc.property(
        safeProse,
        credential,
        safeProse,
        (before, { secret, context, ruleId }, after) => {
          const content = `${before} ${secret}${context} ${after}`;
          expect(findSecret(content)).toEqual({
            ruleId,
            label: expect.any(String),
            index: before.length + 1,
            length: secret.length,
          });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("passes prose with no credential in it", () => {
    fc.assert(
      fc.property(safeProse, (content) => {
        expect(findSecret(content)).toBeNull();
      }),
    );
  });
});
