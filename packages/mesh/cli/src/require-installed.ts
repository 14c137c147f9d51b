import { CliError } from "@mesh/cli-kit";

/**
 * Makes sure an optional package (a peer dependency the user may not have installed) can be
 * loaded, before the command imports it; otherwise says how to install it.
 *
 * @throws {CliError} when `name` cannot be resolved from this package.
 */
export function requireInstalled(name: string, command: string): void {
  try {
    import.meta.resolve(name);
  } catch {
    throw new CliError({
      message: `\`${command}\` needs the package ${name}, which is not installed`,
      hint: `install it next to @mesh/cli: npm install ${name}`,
    });
  }
}
