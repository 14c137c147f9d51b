import { createColors } from "picocolors";

/** Text colouring for one output stream; every function is the identity when colour is off. */
export interface Style {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

/**
 * Colour on a terminal only. `NO_COLOR` (any non-empty value) turns it off; `FORCE_COLOR` turns
 * it on even without a terminal, except `FORCE_COLOR=0` or `false`, which turns it off.
 */
export function colorEnabled(
  env: Readonly<Record<string, string | undefined>>,
  isTTY: boolean,
): boolean {
  if (env["NO_COLOR"] !== undefined && env["NO_COLOR"] !== "") return false;
  const force = env["FORCE_COLOR"];
  if (force !== undefined) return force !== "0" && force.toLowerCase() !== "false";
  return isTTY && env["TERM"] !== "dumb";
}

export function createStyle(enabled: boolean): Style {
  const colors = createColors(enabled);
  return {
    enabled,
    bold: colors.bold,
    dim: colors.dim,
    red: colors.red,
    green: colors.green,
    yellow: colors.yellow,
    cyan: colors.cyan,
  };
}
