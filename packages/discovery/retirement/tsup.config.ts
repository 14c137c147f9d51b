import { copyFile } from "node:fs/promises";
import { packageConfig } from "../../../tsup.config.base.ts";

// The lifecycle data ships as files too, for the `lifecycle.json` and `lifecycle.schema.json` subpaths.
export default {
  ...packageConfig(),
  async onSuccess() {
    for (const file of ["lifecycle.json", "lifecycle.schema.json"]) {
      await copyFile(`src/${file}`, `dist/${file}`);
    }
  },
};
