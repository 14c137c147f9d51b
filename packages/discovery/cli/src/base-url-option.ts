import { Option } from "@mesh/cli-kit";

/** The `--base-url` option of a command that asks one vendor, naming its environment variable. */
export const baseUrlOption = (vendor: string, variable: string): Option =>
  new Option("--base-url <url>", `${vendor} base address (env ${variable})`);
