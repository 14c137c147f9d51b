import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { credential, fragmentText, safeProse } from "../test/arbitraries.js";
import { findAllSecrets } from "./find-all-secrets.js";

const x = (c: string, n: number) => c.repeat(n);

describe("findAllSecrets", () => {
  it("lists every match of a log in content order, whatever the rule order", () => {
    const log = [
      `12:00 AKIAIOSFODNN7EXAMPLE login`,
      `12:01 pypi-${x("a", 20)} upload`,
      `12:02 nothing here`,
      `12:03 ghp_${x("X", 30)} and sk-${x("q", 20)}`,
    ].join("\n");
    const found = findAllSecrets(log).map((m) => [
      m.ruleId,
      log.slice(m.index, m.index + m.length),
    ]);
    expect(found).toEqual([
      ["aws-access-key-id", "AKIAIOSFODNN7EXAMPLE"],
      ["pypi-token", `pypi-${x("a", 20)}`],
      ["github-token", `ghp_${x("X", 30)}`],
      ["openai-api-key", `sk-${x("q", 20)}`],
    ]);
  });

  it("returns an empty list for clean content", () => {
    expect(findAllSecrets("just regular content here")).toEqual([]);
  });

  it("takes known secrets out first and reports positions in the original content", () => {
    const live = "Zk9xQ2vT" + x("A1b2C3d4", 6);
    const content = `a sk-${x("q", 20)} b ${live} c AKIAIOSFODNN7EXAMPLE ${live}`;
    const found = findAllSecrets(content, { knownSecrets: [live] });
    expect(found.map((m) => [m.ruleId, content.slice(m.index, m.index + m.length)])).toEqual([
      ["openai-api-key", `sk-${x("q", 20)}`],
      ["known-secret", live],
      ["aws-access-key-id", "AKIAIOSFODNN7EXAMPLE"],
      ["known-secret", live],
    ]);
  });

  it("lets a known secret win over a shape that overlaps it", () => {
    const live = "pypi-" + x("s", 20);
    const content = `pypi-${x("a", 10)}${live}`; // one pypi-shaped run containing the live token
    expect(findAllSecrets(content, { knownSecrets: [live] })).toEqual([
      { ruleId: "known-secret", label: "live MESH_GATEWAY_TOKEN value", index: 15, length: 25 },
    ]);
  });

  it("finds every generated credential embedded in prose (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(safeProse, credential), { maxLength: 5 }), (parts) => {
        let content = "";
        const expected: [string, number, number][] = [];
        for (const [prose, { secret, context, ruleId }] of parts) {
          content += `${prose} `;
          expected.push([ruleId, content.length, secret.length]);
          content += `${secret}${context}\n`;
        }
        expect(findAllSecrets(content).map((m) => [m.ruleId, m.index, m.length])).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("returns sorted, non-overlapping matches inside the content (property)", () => {
    const secret = "AAAAAAAAAAAAAAAAaaaa";
    fc.assert(
      fc.property(fragmentText, fragmentText, (a, b) => {
        const content = a + secret + b;
        let end = 0;
        for (const m of findAllSecrets(content, { knownSecrets: [secret] })) {
          expect(m.index).toBeGreaterThanOrEqual(end);
          expect(m.length).toBeGreaterThan(0);
          end = m.index + m.length;
        }
        expect(end).toBeLessThanOrEqual(content.length);
      }),
      { numRuns: 500 },
    );
  });
});
