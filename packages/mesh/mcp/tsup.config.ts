import { defineConfig } from "tsup";
import { packageConfig } from "../../../tsup.config.base.ts";

const library = packageConfig();

export default defineConfig([
  // The program's bundle has a folder of its own, which the library's clean-up leaves alone.
  { ...library, clean: ["!bin/**"] },
  {
    ...library,
    entry: { "mesh-mcp": "src/cli.ts" },
    outDir: "dist/bin",
    dts: false,
    // A few files instead of some 250 modules (the SDK, zod, valibot, the mesh packages): the
    // program starts faster when Node resolves and reads a few files rather than hundreds.
    // Bundled unchanged.
    noExternal: [/./],
  },
]);
