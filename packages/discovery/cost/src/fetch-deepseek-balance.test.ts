import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  deepSeekBalanceDocExample,
  type FakeResponse,
  type FakeServer,
  startFakeDeepSeekBalance,
} from "@discovery/testing";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { expectKeyNowhere, recordingLogger } from "../test/capture.js";
import { useFakeVendor } from "../test/fake-vendor.js";
import { fetchDeepSeekBalance } from "./fetch-deepseek-balance.js";

const KEY = "sk-deepseek-test-0123456789abcdef";
let server: FakeServer;
let tempDir: string;

useFakeVendor(
  () => startFakeDeepSeekBalance({ apiKey: KEY }),
  ["DEEPSEEK_API_KEY"],
  (started) => {
    server = started;
  },
);
beforeAll(() => {
  tempDir = mkdtempSync(join(tmpdir(), "deepseek-balance-"));
});
afterAll(() => {
  rmSync(tempDir, { recursive: true, force: true });
});
beforeEach(() => {
  // Nor an ambient legacy key file.
  vi.stubEnv("DEEPSEEK_LEGACY_ENV_PATH", join(tempDir, "missing.env"));
});

/** A balance body with one USD entry and nothing granted. */
function usdBalanceBody(total: string, toppedUp: string) {
  return {
    balance_infos: [
      { currency: "USD", total_balance: total, granted_balance: "0", topped_up_balance: toppedUp },
    ],
  };
}

function fetchBalance(extra: Parameters<typeof fetchDeepSeekBalance>[0] = {}) {
  const logger = recordingLogger();
  const result = fetchDeepSeekBalance({ apiKey: KEY, baseUrl: server.url, logger, ...extra });
  return { logger, result };
}

describe("fetchDeepSeekBalance", () => {
  it("reads the documented example into numbers and keeps the whole body", async () => {
    const before = Date.now();
    const { result } = fetchBalance();
    const balance = await result;
    expect(balance).toEqual({
      totalBalance: 110,
      grantedBalance: 10,
      toppedUpBalance: 100,
      currency: "CNY",
      isAvailable: true,
      fetchedAt: expect.any(String),
      raw: deepSeekBalanceDocExample(),
    });
    const fetchedAt = Date.parse(balance?.fetchedAt ?? "");
    expect(new Date(fetchedAt).toISOString()).toBe(balance?.fetchedAt);
    expect(fetchedAt).toBeGreaterThanOrEqual(before - 1000);
  });

  it("sends GET /user/balance with the bearer key", async () => {
    await fetchBalance().result;
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe("GET");
    expect(request?.path).toBe("/user/balance");
    expect(request?.headers["authorization"]).toBe(`Bearer ${KEY}`);
    expect(request?.body).toBe("");
  });

  it("prefers the USD entry over an earlier one", async () => {
    server.enqueue({
      json: {
        is_available: true,
        balance_infos: [
          {
            currency: "CNY",
            total_balance: "110.00",
            granted_balance: "10.00",
            topped_up_balance: "100.00",
          },
          {
            currency: "USD",
            total_balance: "11.23456789",
            granted_balance: "1.2",
            topped_up_balance: "10.03456789",
          },
        ],
      },
    });
    const balance = await fetchBalance().result;
    expect(balance).toMatchObject({
      totalBalance: 11.23456789,
      grantedBalance: 1.2,
      toppedUpBalance: 10.03456789,
      currency: "USD",
    });
  });

  it.each([
    ["an empty list", { is_available: false, balance_infos: [] }, false],
    ["no list at all", { is_available: false }, false],
    ["a null list", { is_available: true, balance_infos: null }, true],
  ])("gives zero balances with the reported availability for %s", async (_, body, available) => {
    server.enqueue({ json: body });
    const balance = await fetchBalance().result;
    expect(balance).toMatchObject({
      totalBalance: 0,
      grantedBalance: 0,
      toppedUpBalance: 0,
      currency: "USD",
      isAvailable: available,
      raw: body,
    });
  });

  it("defaults availability to true and currency to USD when the vendor leaves them out", async () => {
    server.enqueue({
      json: {
        balance_infos: [{ total_balance: "5", granted_balance: "0", topped_up_balance: "5" }],
      },
    });
    const balance = await fetchBalance().result;
    expect(balance).toMatchObject({ totalBalance: 5, currency: "USD", isAvailable: true });
  });

  describe("credentials", () => {
    it("uses the apiKey option before DEEPSEEK_API_KEY", async () => {
      vi.stubEnv("DEEPSEEK_API_KEY", "sk-from-env");
      await fetchBalance().result;
      expect(server.requests[0]?.headers["authorization"]).toBe(`Bearer ${KEY}`);
    });

    it("falls back to DEEPSEEK_API_KEY when the option is blank", async () => {
      vi.stubEnv("DEEPSEEK_API_KEY", KEY);
      const balance = await fetchBalance({ apiKey: "   " }).result;
      expect(balance?.totalBalance).toBe(110);
      expect(server.requests[0]?.headers["authorization"]).toBe(`Bearer ${KEY}`);
    });

    it("falls back to the legacy key file named by DEEPSEEK_LEGACY_ENV_PATH", async () => {
      const file = join(tempDir, "legacy.env");
      writeFileSync(
        file,
        `# legacy\nexport DEEPSEEK_API_KEY=ignored\n  DEEPSEEK_API_KEY="${KEY}"  \n`,
      );
      vi.stubEnv("DEEPSEEK_LEGACY_ENV_PATH", file);
      const { result, logger } = fetchBalance({ apiKey: "" });
      expect((await result)?.totalBalance).toBe(110);
      expect(server.requests[0]?.headers["authorization"]).toBe(`Bearer ${KEY}`);
      expect(logger.lines).toEqual([]);
    });

    it("prefers DEEPSEEK_API_KEY over the legacy key file", async () => {
      const file = join(tempDir, "other.env");
      writeFileSync(file, "DEEPSEEK_API_KEY=sk-from-file\n");
      vi.stubEnv("DEEPSEEK_LEGACY_ENV_PATH", file);
      vi.stubEnv("DEEPSEEK_API_KEY", KEY);
      await fetchBalance({ apiKey: "" }).result;
      expect(server.requests[0]?.headers["authorization"]).toBe(`Bearer ${KEY}`);
    });

    it("returns null without a request and logs when no key is found anywhere", async () => {
      const { result, logger } = fetchBalance({ apiKey: "" });
      expect(await result).toBeNull();
      expect(server.requests).toHaveLength(0);
      expect(logger.lines).toEqual([expect.stringContaining("no API key")]);
    });
  });

  describe("failures give null and a log line, never the key", () => {
    const cases: [string, FakeResponse][] = [
      ["HTTP 500", { status: 500, json: { error: { message: "server error" } } }],
      ["HTTP 402", { status: 402, json: { error: { message: "Insufficient Balance" } } }],
      ["malformed JSON", { body: '{"is_available": true, "balance_infos": [' }],
      ["an empty body", { body: "" }],
      ["a dropped connection", { drop: true }],
      ["a JSON array", { json: [] }],
      ["a JSON string", { json: "ok" }],
      ["JSON null", { json: null }],
      ["balance_infos not a list", { json: { is_available: true, balance_infos: {} } }],
      ["a non-numeric amount", { json: usdBalanceBody("ten", "0") }],
      [
        "a missing amount",
        {
          json: { balance_infos: [{ currency: "USD", total_balance: "1", granted_balance: "0" }] },
        },
      ],
      ["availability of the wrong type", { json: { is_available: "yes", balance_infos: [] } }],
    ];
    it.each(cases)("%s", async (_, response) => {
      server.enqueue(response);
      const { result, logger } = fetchBalance();
      const balance = await result;
      expect(balance).toBeNull();
      expect(logger.lines).toHaveLength(1);
      expectKeyNowhere(KEY, logger.lines, balance);
    });

    it("a wrong key (the vendor's 401)", async () => {
      const { result, logger } = fetchBalance({ apiKey: "sk-wrong-key-0000" });
      expect(await result).toBeNull();
      expect(logger.lines).toEqual([expect.stringContaining("HTTP 401")]);
      expectKeyNowhere("sk-wrong-key-0000", logger.lines, null);
    });

    it("a timeout", async () => {
      server.enqueue({ delayMs: 400, json: deepSeekBalanceDocExample() });
      const { result, logger } = fetchBalance({ timeout: 50 });
      expect(await result).toBeNull();
      expect(logger.lines).toEqual([expect.stringContaining("no answer within 50 ms")]);
    });

    it("an unreachable server", async () => {
      const closed = await startFakeDeepSeekBalance();
      await closed.close();
      const { result, logger } = fetchBalance({ baseUrl: closed.url });
      expect(await result).toBeNull();
      expect(logger.lines).toHaveLength(1);
    });

    it.each([
      ["a zero timeout", { timeout: 0 }],
      ["a NaN timeout", { timeout: Number.NaN }],
      ["a base URL that is not a URL", { baseUrl: "not a url" }],
    ])("%s, without a request", async (_, extra) => {
      const { result, logger } = fetchBalance(extra);
      expect(await result).toBeNull();
      expect(server.requests).toHaveLength(0);
      expect(logger.lines).toEqual([expect.stringContaining("invalid option")]);
    });
  });

  it("reads any decimal balance string as its number", async () => {
    await fc.assert(
      fc.asyncProperty(fc.double({ noNaN: true, noDefaultInfinity: true }), async (amount) => {
        const text = String(amount);
        server.enqueue({ json: usdBalanceBody(text, text) });
        const balance = await fetchBalance().result;
        expect(balance?.totalBalance).toBe(Number(text));
        expect(balance?.toppedUpBalance).toBe(Number(text));
      }),
      { numRuns: 40 },
    );
  });

  it("refuses any balance string that is not a number", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string().filter((text) => Number.isNaN(Number(text))),
        async (text) => {
          server.enqueue({ json: usdBalanceBody(text, "0") });
          expect(await fetchBalance().result).toBeNull();
        },
      ),
      { numRuns: 40 },
    );
  });
});
