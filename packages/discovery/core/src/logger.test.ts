import { afterEach, describe, expect, it, vi } from "vitest";
import { consoleLogger, silentLogger } from "./logger.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("consoleLogger", () => {
  it("writes the message to console.warn with a [discovery] prefix", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    consoleLogger.warn("AIMLAPI catalog: HTTP 503");
    expect(warn).toHaveBeenCalledExactlyOnceWith("[discovery] AIMLAPI catalog: HTTP 503");
  });
});

describe("silentLogger", () => {
  it("writes nothing", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    silentLogger.warn("ignored");
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
