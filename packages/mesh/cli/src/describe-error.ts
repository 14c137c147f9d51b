import {
  CliError,
  describeCliError,
  type ErrorReport,
  EXIT_FAILURE,
  EXIT_USAGE,
} from "@mesh/cli-kit";
import { CommanderError } from "commander";

interface ErrorLike {
  code?: unknown;
  status?: unknown;
  message?: unknown;
}

/**
 * Maps any thrown value to its report. Mesh errors are told apart by their stable `code` (so this
 * module needs none of the client's code at startup); their messages never carry a secret.
 */
export function describeError(error: unknown): ErrorReport {
  if (error instanceof CliError) return describeCliError(error);
  if (error instanceof CommanderError) return { message: error.message, exitCode: EXIT_USAGE };
  const { code, status, message } = (
    typeof error === "object" && error !== null ? error : {}
  ) as ErrorLike;
  const text = typeof message === "string" && message !== "" ? message : String(error);
  switch (code) {
    case "credential_leak":
      return {
        message: text,
        hint: "remove the credential from the content; use --skip-secret-check only for a reviewed false positive",
        exitCode: EXIT_FAILURE,
      };
    case "auth_error":
      return {
        message: text,
        hint: "set MESH_GATEWAY_TOKEN to a token this gateway accepts (an operator issues one with `mesh-gateway token issue <peer>`)",
        exitCode: EXIT_FAILURE,
      };
    case "invalid_peer_name":
      return {
        message: text,
        hint: "peer names are 2 to 64 characters of lowercase letters, digits and hyphens",
        exitCode: EXIT_USAGE,
      };
    case "not_in_registry":
      return {
        message: text,
        hint: "`mesh peers` lists the registered names",
        exitCode: EXIT_FAILURE,
      };
    case "gateway_unreachable":
      return {
        message: text,
        hint: "set MESH_GATEWAY_URL to the gateway's address (or pass --gateway-url)",
        exitCode: EXIT_FAILURE,
      };
    case "gateway_error":
      return status === undefined
        ? {
            message: text,
            hint: "set MESH_GATEWAY_URL to a running gateway (start one with `mesh gateway`)",
            exitCode: EXIT_FAILURE,
          }
        : { message: readableStatusError(text), exitCode: EXIT_FAILURE };
    case "validation_error":
    case "invalid_kind":
      return { message: text, exitCode: EXIT_USAGE };
    default:
      return { message: text, exitCode: EXIT_FAILURE };
  }
}

/**
 * `POST /x failed with status 404: {"error":"not_found","message":"..."}` becomes
 * `POST /x: ... (404 not_found)`; other text is kept as is.
 */
function readableStatusError(text: string): string {
  const match = /^(.*?) failed with status (\d+): (\{.*\})$/s.exec(text);
  if (!match) return text;
  try {
    const body = JSON.parse(match[3] ?? "") as { error?: unknown; message?: unknown };
    if (typeof body.message !== "string") return text;
    const code = typeof body.error === "string" ? ` ${body.error}` : "";
    return `${match[1]}: ${body.message} (${match[2]}${code})`;
  } catch {
    return text;
  }
}
