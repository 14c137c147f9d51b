import type { Command } from "commander";
import type { ProgramResult } from "./run-program.js";

/**
 * Wraps a command body for `command.action()`: the body gets the context and commander's
 * arguments (without the trailing command object) and returns the exit status.
 */
export type CommandAction<Context> = <A extends unknown[]>(
  run: (context: Context, ...args: A) => Promise<number>,
) => (...args: unknown[]) => Promise<void>;

/**
 * The action wrapper of one program: each run builds its context from the invoked command (for
 * its options with the global ones) and leaves the body's exit status in `result`. Bodies can
 * `await import()` their module, so that `--help` loads none of them.
 */
export function createAction<Context>(
  result: ProgramResult,
  createContext: (command: Command) => Context,
): CommandAction<Context> {
  return <A extends unknown[]>(run: (context: Context, ...args: A) => Promise<number>) =>
    async (...args: unknown[]): Promise<void> => {
      const command = args.at(-1) as Command;
      result.exitCode = await run(createContext(command), ...(args.slice(0, -1) as A));
    };
}
