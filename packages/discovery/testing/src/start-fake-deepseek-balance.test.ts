import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  deepSeekBalanceDocExample,
  startFakeDeepSeekBalance,
} from "./start-fake-deepseek-balance.js";

describe("startFakeDeepSeekBalance", () => {
  it("serves the documented example to its bearer key", async () => {
    await using server = await startFakeDeepSeekBalance({ apiKey: "sk-good" });
    const response = await fetch(`${server.url}/user/balance`, {
      headers: { authorization: "Bearer sk-good" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(
      JSON.parse(
        readFileSync(
          new URL("../fixtures/deepseek-user-balance-doc-example.json", import.meta.url),
          "utf8",
        ),
      ),
    );
  });

  it("serves a configured balance", async () => {
    const balance = { is_available: false, balance_infos: [] };
    await using server = await startFakeDeepSeekBalance({ apiKey: "k", balance });
    const response = await fetch(`${server.url}/user/balance`, {
      headers: { authorization: "Bearer k" },
    });
    expect(await response.json()).toEqual(balance);
  });

  it.each([
    ["a wrong key", { authorization: "Bearer sk-wrong-abcd" }, "****abcd"],
    ["no key", {}, "****"],
  ])("answers %s with DeepSeek's 401 body, masking the key", async (_, headers, masked) => {
    await using server = await startFakeDeepSeekBalance({ apiKey: "sk-good" });
    const response = await fetch(`${server.url}/user/balance`, { headers });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        message: `Authentication Fails, Your api key: ${masked} is invalid`,
        type: "authentication_error",
        param: null,
        code: "invalid_request_error",
      },
    });
  });

  it("answers other paths with 404", async () => {
    await using server = await startFakeDeepSeekBalance();
    expect((await fetch(`${server.url}/user/other`)).status).toBe(404);
  });

  it("hands out independent copies of the example", () => {
    const first = deepSeekBalanceDocExample() as { is_available: boolean };
    first.is_available = false;
    expect(deepSeekBalanceDocExample()).toMatchObject({ is_available: true });
  });
});
