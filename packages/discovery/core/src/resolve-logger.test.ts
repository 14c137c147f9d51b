import { afterEach, describe, expect, it, vi } from "vitest";
import { resolveLogger } from "./resolve-logger.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("resolveLogger", () => {
  it("passes messages to a logger with a warn function", () => {
    const messages: string[] = [];
    resolveLogger({ warn: (message: string) => messages.push(message) }).warn("HTTP 503");
    expect(messages).toEqual(["HTTP 503"]);
  });

  it.each([undefined, null, 5, "x", {}, { warn: "not a function" }, []])(
    "falls back to the console logger for %j",
    (logger) => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      resolveLogger(logger).warn("HTTP 503");
      expect(warn).toHaveBeenCalledExactlyOnceWith("[discovery] HTTP 503");
    },
  );

  it("swallows an exception thrown by the logger", () => {
    const logger = resolveLogger({
      warn() {
        throw new Error("broken logger");
      },
    });
    expect(() => logger.warn("HTTP 503")).not.toThrow();
  });
});
