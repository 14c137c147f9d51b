import type { ModelInfo } from "@discovery/catalog";
import { aimlapiCapture } from "@discovery/testing";
import { describe, expect, it } from "vitest";
import { modelView, priceStatus } from "./model-view.js";

const model = (
  id: string,
  developer: string,
  source = "aimlapi",
  aliases: string[] = [],
): ModelInfo => ({
  id,
  developer,
  contextLength: null,
  maxTokens: null,
  name: null,
  description: null,
  type: null,
  aliases,
  tags: [],
  source,
});

describe("modelView", () => {
  it.each([
    // id, developer, source, provider, price row, status
    [
      "claude-3-5-haiku-20241022",
      "Anthropic",
      "aimlapi",
      "anthropic",
      "claude-haiku-3-5",
      "priced",
    ],
    ["openai/gpt-4o", "Open AI", "aimlapi", "openai", "gpt-4o", "priced"],
    ["gpt-4o-2024-05-13", "Open AI", "aimlapi", "openai", "gpt-4o-2024-05-13", "partial"],
    ["x-ai/grok-4-07-09", "X AI", "aimlapi", "xai", "grok-4-0709", "priced"],
    [
      "deepseek/deepseek-chat-v3.1",
      "DeepSeek AI",
      "aimlapi",
      "deepseek",
      "deepseek-chat",
      "priced",
    ],
    ["google/gemini-2.5-pro", "Google", "aimlapi", "google", "gemini-2.5-pro", "priced"],
    ["grok-3-mini", "X AI", "xai", "xai", "grok-3-mini", "priced"],
    ["voyage-2", "Anthropic", "aimlapi", "anthropic", null, "unpriced"],
    ["mistral-large", "Mistral AI", "aimlapi", null, null, "unpriced"],
  ])("joins %s (%s) to its price", (id, developer, source, provider, priced, status) => {
    const [row] = modelView([model(id, developer, source)]);
    expect(row?.provider).toBe(provider);
    expect(row?.price?.model ?? null).toBe(priced);
    expect(row?.priceStatus).toBe(status);
  });

  it("finds the price through a catalog alias", () => {
    const [row] = modelView([model("openai/chat-flagship", "Open AI", "aimlapi", ["gpt-4o"])]);
    expect(row?.price?.model).toBe("gpt-4o");
  });

  it("judges retirement on the given day", () => {
    const grok = model("x-ai/grok-4-07-09", "X AI");
    expect(modelView([grok], { today: "2026-05-14" })[0]).toMatchObject({
      retirementDate: "2026-05-15",
      retired: false,
    });
    expect(modelView([grok], { today: "2026-05-15" })[0]?.retired).toBe(true);
  });

  it("says null, not false, for a model no registry knows", () => {
    const [known, unknown, other] = modelView(
      [model("gpt-4-32k", "Open AI"), model("gpt-9-turbo", "Open AI"), model("m", "Mistral AI")],
      { today: "2026-11-27" },
    );
    expect(known?.retired).toBe(true);
    expect(unknown?.retired).toBeNull();
    expect(other?.retired).toBeNull();
  });

  it("prices most of the captured catalog's models of the five vendors", () => {
    const vendors = new Set(["Open AI", "Anthropic", "Google", "DeepSeek AI", "X AI"]);
    const captured = aimlapiCapture().data.map((entry) =>
      model(entry.id, String((entry.info as { developer?: string } | undefined)?.developer)),
    );
    const rows = modelView(captured.filter((m) => vendors.has(m.developer)));
    const priced = rows.filter((row) => row.price !== null).length;
    expect(priced).toBeGreaterThanOrEqual(45);
  });

  it("says priced, partial or unpriced", () => {
    expect(priceStatus(null)).toBe("unpriced");
  });
});
