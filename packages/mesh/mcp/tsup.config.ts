import { fileURLToPath } from "node:url";
import { defineConfig } from "tsup";
import { packageConfig } from "../../../tsup.config.base.ts";

const library = packageConfig();

/** The SDK's Ajv validator, as its server and src/lazy-json-schema-validator.ts import it. */
const AJV_PROVIDER = /(^|\/)validation\/ajv(-provider\.js)?$/;
const AJV_STAND_IN = fileURLToPath(new URL("src/ajv-stand-in.ts", import.meta.url));

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
    noExternal: [/./],
    esbuildPlugins: [
      {
        name: "ajv-stand-in",
        setup(build) {
          build.onResolve({ filter: AJV_PROVIDER }, () => ({ path: AJV_STAND_IN }));
        },
      },
    ],
  },
]);
