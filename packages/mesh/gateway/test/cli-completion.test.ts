import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../bin/mesh-gateway.js", import.meta.url));

function gateway(args: string[]): { status: number | null; stdout: string } {
  return spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8" });
}

describe("mesh-gateway completion and examples", () => {
  it("prints a bash completion script that parses and registers `mesh-gateway`", () => {
    const run = gateway(["completion", "bash"]);
    expect(run.status).toBe(0);
    const file = join(mkdtempSync(join(tmpdir(), "gateway-completion-")), "mesh-gateway.bash");
    writeFileSync(file, run.stdout);
    expect(spawnSync("bash", ["-n", file]).status).toBe(0);
    const loaded = spawnSync("bash", ["-c", `source ${file} && complete -p mesh-gateway`], {
      encoding: "utf8",
    });
    expect(loaded.stdout).toBe("complete -o default -F _mesh_gateway_completion mesh-gateway\n");
    const reply = spawnSync(
      "bash",
      [
        "-c",
        `source ${file}; COMP_WORDS=(mesh-gateway serve --port 0 --c); COMP_CWORD=4; _mesh_gateway_completion; echo "\${COMPREPLY[*]}"`,
      ],
      { encoding: "utf8" },
    );
    expect(reply.stdout).toBe("--content-guard\n");
  });

  it.each(["zsh", "fish"])("prints a %s completion script with the commands", (shell) => {
    const run = gateway(["completion", shell]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("mesh-gateway");
    expect(run.stdout).toContain("revoke");
  });

  it.each([["serve"], ["token"]])("shows examples in `mesh-gateway %s --help`", (command) => {
    const run = gateway([command, "--help"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`\\nExamples:\\n(  # .+\\n  \\$ .*mesh-gateway ${command}( .*)?\\n)+$`),
    );
  });
});
