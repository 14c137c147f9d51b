import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBytes } from "./format-bytes.js";
import { MAX_BODY_BYTES, MAX_CONTENT_BYTES, MAX_PAGE_BYTES } from "./limits.js";

describe("formatBytes", () => {
  it.each([
    [0, "0 bytes"],
    [1, "1 byte"],
    [1500, "1500 bytes"],
    [1024, "1 KiB"],
    [16_384, "16 KiB"],
    [1536, "1536 bytes"],
    [1_048_576, "1 MiB"],
    [1_049_600, "1025 KiB"],
    [1_073_741_824, "1 GiB"],
  ])("%s is %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it("words the mesh's limits as their hints always did", () => {
    expect(formatBytes(MAX_CONTENT_BYTES)).toBe("64 KiB");
    expect(formatBytes(MAX_BODY_BYTES)).toBe("1 MiB");
    expect(formatBytes(MAX_PAGE_BYTES)).toBe("4 MiB");
  });

  it("never rounds: the text reads back as the exact count", () => {
    const factor = { bytes: 1, byte: 1, KiB: 1024, MiB: 1_048_576, GiB: 1_073_741_824 };
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 40 }), (bytes) => {
        const [count, unit] = formatBytes(bytes).split(" ") as [string, keyof typeof factor];
        expect(Number(count) * factor[unit]).toBe(bytes);
      }),
    );
  });
});
