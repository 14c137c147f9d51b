import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeProse } from "../test/arbitraries.js";
import { benignCorpus } from "../test/benign-corpus.js";
import { type Paste, recordFormats, seeded, VENDOR_FORMATS } from "../test/vendor-formats.js";
import { ALPHABETS, EXTRA_SECRET_RULES } from "./extra-secret-rules.js";
import { findAllSecrets } from "./find-all-secrets.js";
import { findSecret } from "./find-secret.js";
import { redactSecrets } from "./redact-secrets.js";
import { SECRET_RULES } from "./secret-rules.js";

/** The hand-written formats, then one built from each remaining record. */
const FORMATS = [...VENDOR_FORMATS, ...recordFormats(EXTRA_SECRET_RULES, ALPHABETS)];

/** Whether a match of `ruleId` covers the whole secret, and redaction leaves nothing behind. */
function caught({ content, secret }: Paste, ruleId: string): boolean {
  const at = content.indexOf(secret);
  const covered = findAllSecrets(content).some(
    (m) => m.ruleId === ruleId && m.index <= at && m.index + m.length >= at + secret.length,
  );
  const redacted = redactSecrets(content);
  return covered && !redacted.includes(secret) && findSecret(redacted) === null;
}

describe("extra secret rules", () => {
  it("come after the spec's twelve, with unique ids, a label, a shape and a source", () => {
    const ids = [...SECRET_RULES, ...EXTRA_SECRET_RULES].map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of EXTRA_SECRET_RULES) {
      expect(rule.label).not.toBe("");
      expect(rule.description).not.toBe("");
      expect(rule.source).toMatch(/^https:\/\//);
    }
  });

  it("have a generated corpus for every rule", () => {
    const covered = new Set(FORMATS.map((format) => format.ruleId));
    for (const rule of [...SECRET_RULES, ...EXTRA_SECRET_RULES]) {
      if (rule.id !== "deepseek-api-key") expect(covered).toContain(rule.id);
    }
  });

  it.each(FORMATS.map((format) => [format.vendor, format] as const))(
    "find every generated %s with their rule and redact it (recall 100%)",
    (_, format) => {
      const missed: string[] = [];
      for (let seed = 1; seed <= 300; seed++) {
        const paste = format.make(seeded(seed * 7919));
        if (!caught(paste, format.ruleId)) missed.push(paste.content);
      }
      expect(missed).toEqual([]);
    },
  );

  it("find a generated credential of every format embedded anywhere in prose (property)", () => {
    fc.assert(
      fc.property(
        safeProse,
        fc.constantFrom(...FORMATS),
        fc.integer({ min: 1 }),
        safeProse,
        (before, format, seed, after) => {
          const paste = format.make(seeded(seed));
          const content = `${before}\n${paste.content}\n${after}`;
          expect(caught({ content, secret: paste.secret }, format.ruleId)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("uses markers that match no rule themselves", () => {
    for (const rule of EXTRA_SECRET_RULES) {
      const marker = `[REDACTED:${rule.id}]`;
      expect(findSecret(marker + " aws MESH_GATEWAY_TOKEN")).toBeNull();
      expect(findAllSecrets(marker + marker)).toEqual([]);
    }
  });
});

describe("false positives on real text", () => {
  const corpus = benignCorpus();

  it("reads a corpus of every kind", () => {
    const kinds = new Set(corpus.map((entry) => entry.kind));
    expect([...kinds].sort()).toEqual(
      ["git-shas", "image-data-url", "image-lines", "project", "prose", "uuids"].sort(),
    );
    expect(corpus.some((entry) => entry.name === "pnpm-lock.yaml")).toBe(true);
  });

  it("finds nothing in sources, docs, lockfile, prose, wrapped base64, UUIDs or SHAs", () => {
    const found = corpus
      .filter((entry) => entry.kind !== "image-data-url")
      .flatMap((entry) => findAllSecrets(entry.text).map((m) => `${entry.name}: ${m.ruleId}`));
    expect(found).toEqual([]);
  });

  it("finds nothing in one-line base64 images but the spec's aws heuristic on a chance `aws`", () => {
    const found = corpus
      .filter((entry) => entry.kind === "image-data-url")
      .flatMap((entry) => findAllSecrets(entry.text).map((m) => m.ruleId));
    expect(found.filter((id) => id !== "aws-secret-access-key")).toEqual([]);
  });
});
