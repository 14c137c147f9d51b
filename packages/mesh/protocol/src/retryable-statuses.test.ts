import { describe, expect, it } from "vitest";
import { isRetryableStatus, RETRYABLE_STATUSES } from "./retryable-statuses.js";

describe("isRetryableStatus", () => {
  it.each([
    [408, true],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
    [200, false],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [413, false],
    [501, false],
  ])("status %s is retryable: %s", (status, retryable) => {
    expect(isRetryableStatus(status)).toBe(retryable);
  });

  it("agrees with the published list, which cannot be changed", () => {
    for (const status of RETRYABLE_STATUSES) expect(isRetryableStatus(status)).toBe(true);
    expect(Object.isFrozen(RETRYABLE_STATUSES)).toBe(true);
  });
});
