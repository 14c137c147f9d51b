import { copyFile } from "node:fs/promises";
import { packageConfig } from "../../../tsup.config.base.ts";

// The price data ships as files too, for the `prices.json` and `prices.schema.json` subpaths.
export default {
  ...packageConfig(),
  async onSuccess() {
    for (const file of ["prices.json", "prices.schema.json"]) {
      await copyFile(`src/${file}`, `dist/${file}`);
    }
  },
};
