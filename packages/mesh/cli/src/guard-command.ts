import { readFile } from "node:fs/promises";
import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { lineStarts, locate } from "./locate.js";
import { readText } from "./read-text.js";

/** One possible secret: where it is and which rule matched, never the text itself. */
export interface GuardFinding {
  file: string;
  line: number;
  column: number;
  ruleId: string;
  label: string;
}

const STDIN_NAME = "<stdin>";

/** What a file-system error code means to someone scanning files, and what to do about it. */
const UNREADABLE: Readonly<Record<string, { reason: string; hint: string }>> = {
  ENOENT: {
    reason: "no such file",
    hint: "check the path (relative to the current folder); to scan staged changes: git diff --cached | mesh guard",
  },
  EISDIR: {
    reason: "it is a folder",
    hint: "pass the files in it, e.g. git ls-files -z | xargs -0 mesh guard",
  },
  EACCES: { reason: "permission denied", hint: "run as a user who may read it" },
};

/**
 * `mesh guard [files...]`: scans files (or stdin when none, or for `-`) with the credential guard,
 * including the live `MESH_GATEWAY_TOKEN`. Prints `file:line:column  rule-id  label` per finding
 * and exits 1 when there is one or a file cannot be read, so it works as a pre-commit hook.
 * JSON: `{ "findings": GuardFinding[], "files": number, "unreadable": { "file", "error" }[] }`.
 */
export async function guardCommand(
  context: CommandContext,
  files: readonly string[],
): Promise<number> {
  const { findAllSecrets } = await import("@mesh/secret-guard");
  const knownSecrets = context.settings.token ? [context.settings.token] : [];
  const findings: GuardFinding[] = [];
  const unreadable: { file: string; error: string }[] = [];
  const targets = files.length === 0 ? ["-"] : files;
  if (files.length === 0 && context.io.isTTY.stdin) {
    throw new CliError({
      message: "no input: pass files to scan, or pipe text in",
      exitCode: EXIT_USAGE,
      hint: "mesh guard src/config.ts   or   git diff --cached | mesh guard",
    });
  }
  for (const target of targets) {
    const name = target === "-" ? STDIN_NAME : target;
    let text: string;
    try {
      text = target === "-" ? await readText(context.io.stdin) : await readFile(target, "utf8");
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      unreadable.push({ file: name, error: typeof code === "string" ? code : "unreadable" });
      continue;
    }
    const starts = lineStarts(text);
    for (const match of findAllSecrets(text, { knownSecrets })) {
      findings.push({
        file: name,
        ...locate(starts, match.index),
        ruleId: match.ruleId,
        label: match.label,
      });
    }
  }
  if (context.json) context.printJson({ findings, files: targets.length, unreadable });
  else report(context, findings, unreadable, targets.length);
  return findings.length > 0 || unreadable.length > 0 ? EXIT_FAILURE : EXIT_OK;
}

function report(
  context: CommandContext,
  findings: readonly GuardFinding[],
  unreadable: readonly { file: string; error: string }[],
  fileCount: number,
): void {
  const { out, err } = context;
  for (const f of findings) {
    context.io.stdout.write(
      `${out.bold(`${f.file}:${f.line}:${f.column}`)}  ${out.red(f.ruleId)}  ${out.dim(f.label)}\n`,
    );
  }
  for (const u of unreadable) {
    const why = UNREADABLE[u.error];
    context.note(
      `${err.red("mesh: error:")} cannot read ${u.file}: ${why?.reason ?? "unreadable"} (${u.error})\n` +
        err.dim(
          `hint: ${why?.hint ?? "check the file, or pipe the text in: cat FILE | mesh guard"}`,
        ),
    );
  }
  const scanned = `${fileCount} input${fileCount === 1 ? "" : "s"}`;
  if (findings.length > 0) {
    context.note(
      `${err.red("mesh guard:")} ${findings.length} possible secret${findings.length === 1 ? "" : "s"} in ${scanned}\n` +
        `${err.dim("hint: remove them and keep credentials in your secret store (they travel out of band, never in content)")}`,
    );
  } else if (unreadable.length === 0) {
    context.note(err.green(`mesh guard: no secrets found in ${scanned}`));
  }
}
