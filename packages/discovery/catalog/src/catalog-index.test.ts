import { describe, expect, it } from "vitest";
import { createCatalogIndex, indexOf } from "./catalog-index.js";
import type { ModelInfo } from "./model-info.js";

function model(id: string, aliases: string[] = [], name: string | null = null): ModelInfo {
  return {
    id,
    developer: "Open AI",
    contextLength: null,
    maxTokens: null,
    name,
    description: null,
    type: null,
    aliases,
    tags: [],
    source: "aimlapi",
  };
}

describe("createCatalogIndex", () => {
  const gpt = model("openai/gpt-4o", ["gpt-4o", "gpt-4o-2024-08-06"]);
  const mini = model("gpt-4o-mini");
  const index = createCatalogIndex([gpt, mini]);

  it.each([
    ["openai/gpt-4o", gpt],
    ["gpt-4o", gpt],
    ["gpt-4o-2024-08-06", gpt],
    ["gpt-4o-mini", mini],
  ])("finds %s", (id, expected) => {
    expect(index.has(id)).toBe(true);
    expect(index.get(id)).toBe(expected);
  });

  it.each(["GPT-4o", "gpt-4", "openai/gpt-4o ", "", "toString", "__proto__"])(
    "does not find %j",
    (id) => {
      expect(index.has(id)).toBe(false);
      expect(index.get(id)).toBeNull();
    },
  );

  it("counts distinct ids and aliases", () => {
    expect(index.size).toBe(4);
  });

  it("lets an id win over another model's alias, whatever the order", () => {
    const aliasFirst = model("a", ["b"]);
    const owner = model("b");
    expect(createCatalogIndex([aliasFirst, owner]).get("b")).toBe(owner);
  });

  it("keeps the first model among equal ids or aliases", () => {
    const first = model("x", ["shared"], "first");
    const second = model("x", ["shared"], "second");
    const third = model("y", ["shared"]);
    const idx = createCatalogIndex([first, second, third]);
    expect(idx.get("x")?.name).toBe("first");
    expect(idx.get("shared")).toBe(first);
  });

  it("indexes an empty list", () => {
    expect(createCatalogIndex([]).size).toBe(0);
  });
});

describe("indexOf", () => {
  it("builds the index once per list and a new one for another list", () => {
    const list = [model("a")];
    expect(indexOf(list)).toBe(indexOf(list));
    expect(indexOf([model("a")])).not.toBe(indexOf(list));
  });
});
