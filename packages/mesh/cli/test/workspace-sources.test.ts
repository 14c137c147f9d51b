import { describe, expect, it } from "vitest";

// vitest.config.ts maps workspace package names to their sources, so a cross-package test run
// in the middle of a refactor exercises the current code, not a stale `dist`.
describe("workspace packages in tests", () => {
  it("resolve to their sources, subpath exports included", async () => {
    const [errors, errorsSource, kit, kitSource] = await Promise.all([
      import("@mesh/errors"),
      import("../../errors/src/index.js"),
      import("@mesh/cli-kit/testing"),
      import("../../cli-kit/src/testing/index.js"),
    ]);
    expect(errors.MeshError).toBe(errorsSource.MeshError);
    expect(kit.runBin).toBe(kitSource.runBin);
  });
});
