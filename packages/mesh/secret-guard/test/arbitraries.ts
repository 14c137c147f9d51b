import fc from "fast-check";
import { EXTRA_SECRET_RULES } from "../src/extra-secret-rules.js";

/** Literals that start shapes, end them, or provide the "later on the same line" context. */
const LITERALS = [
  "pypi-",
  "sk-",
  "sk-ant-",
  "sk-admin-",
  "sk-proj-",
  "admin-",
  "xai-",
  "AIza",
  "ghp_",
  "gho_",
  "ghs_",
  "ghu_",
  "AKIA",
  "eyJ",
  ".",
  "aws",
  "AWS",
  "MESH_GATEWAY_TOKEN",
  " ",
  "\n",
  "x",
  "-",
  "_",
  "/",
  "=",
  "+",
  ":",
  "é",
];

/** A run of characters from `alphabet` whose length is in [min, max]. */
export function run(alphabet: string, min: number, max: number): fc.Arbitrary<string> {
  return fc
    .integer({ min, max })
    .chain((n) => fc.array(fc.constantFrom(...alphabet), { minLength: n, maxLength: n }))
    .map((chars) => chars.join(""));
}

const tail = (min: number, max: number) => run("aA0fZ_-", min, max);
const word = (min: number, max: number) => run("aA0fZ", min, max);
const near = (n: number) => [n - 2, n + 3] as const;

/** Strings shaped like one rule, with lengths straddling its thresholds. */
const nearShape = fc
  .oneof(
    fc.tuple(
      fc.constantFrom("pypi-", "sk-ant-", "sk-admin-", "sk-", "sk-proj-"),
      tail(...near(20)),
    ),
    tail(...near(40)).map((t) => `xai-${t}`),
    run("0123456789abcdef", 31, 33).map((t) => `sk-${t}`),
    tail(...near(35)).map((t) => `AIza${t}`),
    fc.tuple(fc.constantFrom("ghp_", "gho_", "ghs_", "ghu_"), word(...near(30))),
    run("0AZ9", 15, 17).map((t) => `AKIA${t}`),
    run("aA0/+=", 38, 42),
    fc
      .tuple(tail(...near(15)), tail(...near(15)), tail(...near(15)))
      .map(([a, b, c]) => `eyJ${a}.eyJ${b}.${c}`),
    run("aA0_-", 46, 52),
  )
  .map((parts) => (Array.isArray(parts) ? parts.join("") : parts));

/** The two heuristics with their context, so that they fire (or just miss) often. */
const heuristic = fc
  .tuple(
    fc.oneof(run("aA0/+=", 38, 42), run("aA0_-", 46, 52)),
    fc.constantFrom("", " ", "\n", " x ", "-"),
    fc.constantFrom("aws", "AWS", "AKIA", "MESH_GATEWAY_TOKEN", "x"),
  )
  .map((parts) => parts.join(""));

const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...LITERALS) },
  { weight: 2, arbitrary: nearShape },
  { weight: 1, arbitrary: heuristic },
  { weight: 1, arbitrary: run("aA0fZ_-/+=", 0, 12) },
);

/** Random text made of shape fragments: matches of every rule, near-misses and boundary cases. */
export const fragmentText: fc.Arbitrary<string> = fc
  .array(piece, { maxLength: 8 })
  .map((pieces) => pieces.join(""));

const R = "bB0Z9_-";
const wordChar = fc.constantFrom(..."bB0Z9");
const wordEnded = (alphabet: string, min: number, max: number) =>
  fc.tuple(run(alphabet, min - 1, max - 1), wordChar).map(([a, b]) => a + b);

/** A credential of each shape (valid by construction) and the rule id findSecret reports. */
export const credential: fc.Arbitrary<{ secret: string; context: string; ruleId: string }> =
  fc.oneof(
    run(R, 20, 60).map((t) => ({ secret: `pypi-${t}`, context: "", ruleId: "pypi-token" })),
    run(R, 20, 60).map((t) => ({
      secret: `sk-ant-${t}`,
      context: "",
      ruleId: "anthropic-api-key",
    })),
    run(R, 20, 60).map((t) => ({
      secret: `sk-admin-${t}`,
      context: "",
      ruleId: "openai-admin-key",
    })),
    fc
      .tuple(fc.constantFrom("", "proj-"), run(R, 20, 60))
      .map(([p, t]) => ({ secret: `sk-${p}${t}`, context: "", ruleId: "openai-api-key" })),
    run(R, 40, 80).map((t) => ({ secret: `xai-${t}`, context: "", ruleId: "xai-api-key" })),
    // DeepSeek-shaped keys are reported as openai api key (spec ordering quirk).
    run("0123456789abcdef", 32, 32).map((t) => ({
      secret: `sk-${t}`,
      context: "",
      ruleId: "openai-api-key",
    })),
    run(R, 35, 35).map((t) => ({ secret: `AIza${t}`, context: "", ruleId: "google-api-key" })),
    fc
      .tuple(fc.constantFrom("o", "p", "s"), run("bB0Z9", 30, 60))
      .map(([k, t]) => ({ secret: `gh${k}_${t}`, context: "", ruleId: "github-token" })),
    run("0Z9B", 16, 16).map((t) => ({
      secret: `AKIA${t}`,
      context: "",
      ruleId: "aws-access-key-id",
    })),
    fc.tuple(wordChar, run("bB0Z9/+=", 38, 38), wordChar).map(([a, t, b]) => ({
      secret: a + t + b,
      context: " aws",
      ruleId: "aws-secret-access-key",
    })),
    fc
      .tuple(run(R, 15, 30), run(R, 15, 30), wordEnded(R, 15, 30))
      .map(([a, b, c]) => ({ secret: `eyJ${a}.eyJ${b}.${c}`, context: "", ruleId: "jwt" })),
    fc.tuple(wordChar, wordEnded(R, 47, 80)).map(([a, t]) => ({
      secret: a + t,
      context: " MESH_GATEWAY_TOKEN",
      ruleId: "mesh-gateway-token",
    })),
  );

/** Prose that matches no shape: short words without any rule's first letter. */
export const safeProse: fc.Arbitrary<string> = fc
  .array(fc.tuple(run("bcdhijlmnoqrtuvwyz", 1, 12), fc.constantFrom(" ", "\n", ", ", ". ")), {
    maxLength: 20,
  })
  .map((parts) => parts.flat().join(""));

/** Literals and separators of the extra shapes, with their near misses. */
const EXTRA_LITERALS = [
  "ASIA",
  "aws_secret_access_key",
  "AWS_SECRET_ACCESS_KEY",
  '"SecretAccessKey"',
  " = ",
  "=",
  ":",
  '"',
  "'",
  "github_pat_",
  "ghu_",
  "ghr_",
  "glpat-",
  "xoxb-",
  "xoxe-",
  "xoxq-",
  "12",
  "https://hooks.slack.com/services/",
  "sk_live_",
  "rk_live_",
  '"private_key"',
  '"private_key": "',
  "-----BEGIN ",
  "PRIVATE KEY",
  "RSA ",
  " BLOCK",
  "-----",
  "-----END ",
  "\\n",
  "\r\n",
  "postgres://",
  "postgresql://",
  "mongodb+srv://",
  "redis://",
  "@",
  "$",
  "npm_",
  "hf_",
  "gsk_",
  "pplx-",
  "r8_",
  "MISTRAL_API_KEY",
  "CO_API_KEY",
  "aws",
  "AKIA",
  "MESH_GATEWAY_TOKEN",
  "[REDACTED:private-key]",
  // Every record's literals and separators, so that new rules are fuzzed against their regexes.
  ...EXTRA_SECRET_RULES.flatMap((rule) => [
    ...rule.prefixes,
    ...(rule.rest ?? []).filter((part): part is string => typeof part === "string"),
  ]),
  ".",
  "~",
];

const extraNear = fc.oneof(
  run("aA0", 14, 18),
  run("aA0", 19, 22),
  run("aA0", 29, 38),
  run("aA0", 46, 50),
  run("aA0/+=", 38, 42),
  run("aA0_-", 8, 22),
  run("AZ09", 14, 18),
  run("0123456789", 1, 3),
  run("aZ", 33, 35),
  run("af09", 30, 34),
  run("af09", 38, 42),
  run("af09", 62, 66),
  run("aA0._-", 18, 26),
  run("aA0", 52, 60),
);

const extraPiece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EXTRA_LITERALS, ...LITERALS) },
  { weight: 2, arbitrary: extraNear },
  { weight: 1, arbitrary: nearShape },
  { weight: 1, arbitrary: run("aA0fZ_-/+=.: \n", 0, 8) },
);

/** Random text made of fragments of every shape, the extra ones first. */
export const extraFragmentText: fc.Arbitrary<string> = fc
  .array(extraPiece, { maxLength: 14 })
  .map((pieces) => pieces.join(""));
