import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readDeepSeekLegacyKey } from "./read-deepseek-legacy-key.js";

let dir: string;
let counter = 0;
const savedEnv = { HOME: process.env["HOME"], PATH_VAR: process.env["DEEPSEEK_LEGACY_ENV_PATH"] };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "deepseek-legacy-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  delete process.env["DEEPSEEK_LEGACY_ENV_PATH"];
});
afterEach(() => {
  restore("HOME", savedEnv.HOME);
  restore("DEEPSEEK_LEGACY_ENV_PATH", savedEnv.PATH_VAR);
});

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

function envFile(content: string): string {
  const file = join(dir, `env-${counter++}`);
  writeFileSync(file, content);
  return file;
}

describe("readDeepSeekLegacyKey", () => {
  it.each([
    // the documented legacy key-file examples
    ['DEEPSEEK_API_KEY="sk-abc"', "sk-abc"],
    ["  DEEPSEEK_API_KEY='sk-abc'  ", "sk-abc"],
    ["DEEPSEEK_API_KEY=a=b", "a=b"],
    // value trimmed, then double quotes, then single quotes stripped
    ["DEEPSEEK_API_KEY=  sk-abc  ", "sk-abc"],
    ["DEEPSEEK_API_KEY=\"'sk-abc'\"", "sk-abc"],
    ['DEEPSEEK_API_KEY=""sk-abc""', "sk-abc"],
    ['DEEPSEEK_API_KEY=sk-abc"', "sk-abc"],
    ['DEEPSEEK_API_KEY=sk-"abc"-x', 'sk-"abc"-x'],
    // first matching line wins, other lines ignored
    ["# comment\nOTHER=1\nDEEPSEEK_API_KEY=first\nDEEPSEEK_API_KEY=second", "first"],
    ["DEEPSEEK_API_KEY=crlf\r\nOTHER=2\r\n", "crlf"],
    ["\uFEFFDEEPSEEK_API_KEY=bom", "bom"],
    // not recognised
    ["export DEEPSEEK_API_KEY=sk-abc", undefined],
    ["DEEPSEEK_API_KEY = sk-abc", undefined],
    ["deepseek_api_key=sk-abc", undefined],
    ["# DEEPSEEK_API_KEY=sk-abc", undefined],
    // empty values give no key, and the first matching line still wins
    ["DEEPSEEK_API_KEY=", undefined],
    ['DEEPSEEK_API_KEY=""', undefined],
    ["DEEPSEEK_API_KEY=''", undefined],
    ["DEEPSEEK_API_KEY=   ", undefined],
    ["DEEPSEEK_API_KEY=\nDEEPSEEK_API_KEY=later", undefined],
    ["", undefined],
  ])("reads %j as %j", (content, expected) => {
    expect(readDeepSeekLegacyKey(envFile(content))).toBe(expected);
  });

  it("gives undefined for a missing file", () => {
    expect(readDeepSeekLegacyKey(join(dir, "does-not-exist"))).toBeUndefined();
  });

  it("gives undefined for a directory", () => {
    expect(readDeepSeekLegacyKey(dir)).toBeUndefined();
  });

  it("reads DEEPSEEK_LEGACY_ENV_PATH when no path is given", () => {
    process.env["DEEPSEEK_LEGACY_ENV_PATH"] = envFile("DEEPSEEK_API_KEY=from-env-path");
    expect(readDeepSeekLegacyKey()).toBe("from-env-path");
  });

  it("prefers an explicit path over DEEPSEEK_LEGACY_ENV_PATH", () => {
    process.env["DEEPSEEK_LEGACY_ENV_PATH"] = envFile("DEEPSEEK_API_KEY=from-env-path");
    expect(readDeepSeekLegacyKey(envFile("DEEPSEEK_API_KEY=explicit"))).toBe("explicit");
  });

  it("falls back to ~/.deepseek/.env when the variable is unset or blank", () => {
    const home = join(dir, `home-${counter++}`);
    mkdirSync(join(home, ".deepseek"), { recursive: true });
    writeFileSync(join(home, ".deepseek", ".env"), "DEEPSEEK_API_KEY=from-home\n");
    process.env["HOME"] = home;
    expect(readDeepSeekLegacyKey()).toBe("from-home");
    process.env["DEEPSEEK_LEGACY_ENV_PATH"] = "  ";
    expect(readDeepSeekLegacyKey()).toBe("from-home");
  });

  it("gives undefined when the home directory has no key file", () => {
    process.env["HOME"] = join(dir, "empty-home");
    expect(readDeepSeekLegacyKey()).toBeUndefined();
  });

  it("returns any plain key on the first matching line unchanged", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_=+/.-]{1,60}$/),
        fc.array(fc.stringMatching(/^[A-Z_]{1,10}=[a-z]{0,8}$/), { maxLength: 4 }),
        (key, otherLines) => {
          const lines = [...otherLines.filter((l) => !l.startsWith("DEEPSEEK_API_KEY="))];
          lines.push(`DEEPSEEK_API_KEY=${key}`, "DEEPSEEK_API_KEY=later");
          expect(readDeepSeekLegacyKey(envFile(lines.join("\n")))).toBe(key);
        },
      ),
      { numRuns: 50 },
    );
  });
});
