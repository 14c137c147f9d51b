import { Command } from "commander";
import { expect, it } from "vitest";
import { addExamplesByPath } from "./add-examples.js";

it("adds each command's examples by its path, the program's under the empty path", () => {
  const program = new Command("tool");
  const token = program.command("token");
  const issue = token.command("issue");
  const serve = program.command("serve");
  const example = (command: string) => [{ command, description: `run ${command}` }];
  addExamplesByPath(program, {
    "": example("tool serve"),
    "token issue": example("tool token issue alice"),
  });
  expect(helpAfter(program)).toContain("$ tool serve");
  expect(helpAfter(issue)).toContain("$ tool token issue alice");
  expect(helpAfter(token)).toBe("");
  expect(helpAfter(serve)).toBe("");
});

/** The text commander prints after a command's help. */
function helpAfter(command: Command): string {
  let text = "";
  command.configureOutput({ writeOut: (chunk) => (text += chunk) });
  command.outputHelp();
  return text.slice(command.helpInformation().length);
}
