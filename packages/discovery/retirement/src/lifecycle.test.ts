import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getLifecycle } from "./get-lifecycle.js";
import { isRetired } from "./is-retired.js";
import { LIFECYCLE } from "./lifecycle-data.js";
import { listLifecycle } from "./list-lifecycle.js";

const read = (file: string): unknown =>
  JSON.parse(readFileSync(fileURLToPath(new URL(file, import.meta.url)), "utf8"));
const VENDORS = ["openai", "deepseek", "xai", "anthropic", "google"];

describe("lifecycle.json", () => {
  it("is valid against lifecycle.schema.json", () => {
    const validate = new Ajv({ allErrors: true }).compile(
      read("./lifecycle.schema.json") as object,
    );
    expect(validate(read("./lifecycle.json")), JSON.stringify(validate.errors)).toBe(true);
  });

  it("refuses an entry without a source, with a bad date or an unknown status", () => {
    const validate = new Ajv().compile(read("./lifecycle.schema.json") as object);
    const [first] = read("./lifecycle.json") as Record<string, unknown>[];
    const { source: _source, ...unsourced } = first ?? {};
    expect(validate([unsourced])).toBe(false);
    expect(validate([{ ...first, shutdownAt: "May 15" }])).toBe(false);
    expect(validate([{ ...first, status: "unknown" }])).toBe(false);
  });

  it("holds at least 100 deprecated or retired models, at least 5 per vendor", () => {
    const gone = LIFECYCLE.filter((e) => e.status !== "active");
    expect(gone.length).toBeGreaterThanOrEqual(100);
    for (const vendor of VENDORS) {
      expect(gone.filter((e) => e.provider === vendor).length, vendor).toBeGreaterThanOrEqual(5);
    }
  });

  it("has no two entries for one model on one platform", () => {
    const keys = LIFECYCLE.map((e) => `${e.scope}/${e.provider}/${e.model.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("stores each status as of its verification day", () => {
    for (const e of LIFECYCLE) {
      if (e.shutdownAt === undefined) continue;
      expect(e.status, e.model).toBe(e.shutdownAt <= e.verifiedAt ? "retired" : "deprecated");
    }
  });
});

describe("getLifecycle", () => {
  it.each([
    ["xai", "x-ai/grok-4-07-09"],
    ["xai", "grok-4-0709"],
    ["grok", "grok-4"],
    ["grok", "grok-4-latest"],
    ["xai", "xai/grok-4-0709"],
    ["xai", "x-ai/grok-4-07-09-beta"],
  ])("finds xAI's grok-4-0709 as (%s, %s)", (provider, id) => {
    expect(getLifecycle(provider, id, { today: "2026-06-01" })).toMatchObject({
      model: "grok-4-0709",
      status: "retired",
      shutdownAt: "2026-05-15",
      replacement: "grok-4.3",
    });
  });

  it.each([
    ["anthropic", "claude-3-5-haiku-20241022", "claude-3-5-haiku-20241022"],
    ["claude", "claude-3-5-haiku-latest", "claude-3-5-haiku-20241022"],
    ["anthropic", "claude-haiku-3-5", "claude-3-5-haiku-20241022"],
    ["anthropic", "anthropic/claude-3-opus-20240229", "claude-3-opus-20240229"],
    ["anthropic", "claude-opus-3", "claude-3-opus-20240229"],
    ["anthropic", "claude-3-5-sonnet", "claude-3-5-sonnet-20241022"],
    ["anthropic", "claude-3-7-sonnet@20250219", "claude-3-7-sonnet-20250219"],
    ["anthropic", "CLAUDE-2.1", "claude-2.1"],
    ["openai", "openai/gpt-4-32k", "gpt-4-32k"],
    ["google", "models/gemini-2.0-flash", "gemini-2.0-flash"],
    ["gemini", "google/gemini-2-0-flash-001", "gemini-2.0-flash-001"],
    ["deepseek", "deepseek/deepseek-chat-v3.1", "deepseek-chat"],
  ])("matches (%s, %s) to the entry %s", (provider, id, model) => {
    expect(getLifecycle(provider, id)).toMatchObject({ model, scope: "first-party" });
  });

  it.each([
    ["openai", "gpt-4o"],
    ["openai", "gpt-5"],
    ["anthropic", "claude-opus-4-7"],
    ["anthropic", "claude-3-5-sonnet-20991231"],
    ["mistral", "mistral-large"],
    ["", ""],
  ])("is unknown, not 'not retired', for (%s, %s)", (provider, id) => {
    expect(getLifecycle(provider, id)).toEqual({
      provider: provider === "" ? "" : provider,
      model: id,
      status: "unknown",
    });
  });

  it("gives the status on the day asked about", () => {
    expect(getLifecycle("xai", "grok-4-0709", { today: "2026-05-14" }).status).toBe("deprecated");
    expect(getLifecycle("xai", "grok-4-0709", { today: "2026-05-15" }).status).toBe("retired");
    expect(
      getLifecycle("xai", "grok-4-0709", { today: new Date("2026-05-15T01:00:00Z") }).status,
    ).toBe("retired");
  });

  it("keeps other platforms' dates apart unless asked for", () => {
    expect(getLifecycle("deepseek", "DeepSeek-R1").status).toBe("unknown");
    expect(getLifecycle("deepseek", "deepseek-r1", { scope: "azure" })).toMatchObject({
      scope: "azure",
      shutdownAt: "2026-08-13",
    });
    expect(getLifecycle("deepseek", "DeepSeek-R1", { scope: "any" })).toMatchObject({
      scope: "azure",
    });
    expect(getLifecycle("xai", "grok-3", { scope: "any" })).toMatchObject({ scope: "first-party" });
  });

  it("agrees with isRetired on every entry and alias, in every spelling", () => {
    for (const e of LIFECYCLE.filter((x) => x.scope === "first-party")) {
      for (const id of [e.model, ...(e.aliases ?? [])]) {
        for (const spelled of [id, `${e.provider}/${id}`, id.toUpperCase()]) {
          const today = "2030-01-01";
          const found = getLifecycle(e.provider, spelled, { today });
          expect(found.status, spelled).not.toBe("unknown");
          if (e.shutdownAt !== undefined) expect(found.status).toBe("retired");
          // The spec's registry answers first for its two `deprecated` sentinels.
          if (!["claude-opus-3", "claude-sonnet-3-7"].includes(id)) {
            expect(isRetired(e.provider, spelled, { today }), spelled).toBe(
              found.status === "retired",
            );
          }
        }
      }
    }
  });

  it("never throws and answers an entry or unknown for any input", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (provider, id) => {
        const found = getLifecycle(provider, id);
        expect(["active", "deprecated", "retired", "unknown"]).toContain(found.status);
      }),
    );
  });
});

describe("listLifecycle", () => {
  it("lists what retires within a window, soonest first", () => {
    const soon = listLifecycle({ upcomingWithinDays: 30, today: "2026-05-01" });
    expect(soon.length).toBeGreaterThan(0);
    for (const e of soon)
      expect(e.shutdownAt! >= "2026-05-01" && e.shutdownAt! <= "2026-05-31").toBe(true);
    const dates = soon.map((e) => e.shutdownAt);
    expect(dates).toEqual([...dates].sort());
    expect(soon.map((e) => e.model)).toContain("grok-4-0709");
  });

  it("filters by vendor (either name), status and platform", () => {
    const xai = listLifecycle({ provider: "grok" });
    expect(xai.length).toBeGreaterThanOrEqual(5);
    expect(xai.every((e) => e.provider === "xai")).toBe(true);
    const retired = listLifecycle({ status: "retired", today: "2026-01-01" });
    expect(retired.every((e) => e.shutdownAt === undefined || e.shutdownAt <= "2026-01-01")).toBe(
      true,
    );
    expect(listLifecycle({ scope: "azure" }).every((e) => e.scope === "azure")).toBe(true);
    expect(listLifecycle({ provider: "mistral" })).toEqual([]);
  });

  it.each([-1, 1.5, Number.NaN, "30"])("matches nothing for the bad window %j", (days) => {
    expect(listLifecycle({ upcomingWithinDays: days as number })).toEqual([]);
  });
});
