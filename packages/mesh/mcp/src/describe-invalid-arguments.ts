import * as v from "valibot";

/** What the wording of a refused argument may use from the tool's listing. */
export interface ArgumentListing {
  /** The tool's name. */
  tool: string;
  /** Every argument the tool takes, with its description when it has one. */
  properties: Readonly<Record<string, { description?: string | undefined } | undefined>>;
}

/**
 * Why a tool's arguments were refused, in words an LLM can act on: which argument, what it must
 * be, and what it is for. Built from the first valibot issue's kind and requirement, never from
 * its wording or the received value (which may be a secret).
 */
export function describeInvalidArguments(
  issues: readonly v.BaseIssue<unknown>[],
  listing: ArgumentListing,
): string {
  const issue = issues[0];
  const key = issue ? v.getDotPath(issue) : null;
  const problem = issue ? problemOf(issue) : "is not valid";
  const accepted = Object.keys(listing.properties);
  if (problem === "unknown") {
    const takes = accepted.length > 0 ? `it takes ${accepted.join(", ")}` : "it takes none";
    return `${listing.tool} has no argument '${key}': ${takes}.`;
  }
  if (key === null) return `the arguments of ${listing.tool} must be a JSON object.`;
  const top = key.split(".")[0] ?? key;
  const about = listing.properties[top]?.description;
  return `invalid arguments for ${listing.tool}: '${key}' ${problem}${about ? ` (${top}: ${about})` : ""}.`;
}

function problemOf(issue: v.BaseIssue<unknown>): string {
  if (issue.expected === "never") return "unknown";
  if (issue.kind === "schema" && issue.received === "undefined") return "is required";
  const requirement = (issue as { requirement?: unknown }).requirement;
  switch (issue.type) {
    case "string":
      return "must be a string";
    case "number":
      return "must be a number";
    case "boolean":
      return "must be true or false";
    case "array":
      return "must be an array";
    case "object":
    case "strict_object":
    case "loose_object":
    case "record":
      return "must be a JSON object";
    case "picklist":
      return `must be one of ${optionsOf(issue.expected)}`;
    case "integer":
    case "safe_integer":
      return "must be a whole number";
    case "min_value":
      return `must be at least ${String(requirement)}`;
    case "max_value":
      return `must be at most ${String(requirement)}`;
    case "min_length":
      return `must have at least ${String(requirement)} ${unitOf(issue)}`;
    case "max_length":
      return `must have at most ${String(requirement)} ${unitOf(issue)}`;
    default:
      return "is not valid";
  }
}

function unitOf(issue: v.BaseIssue<unknown>): string {
  return typeof issue.input === "string" ? "characters" : "items";
}

/** `("fyi" | "question")` as `fyi, question`. */
function optionsOf(expected: string | null): string {
  const options = (expected ?? "").replace(/^\((.*)\)$/, "$1").split(" | ");
  return options.map((option) => option.replace(/^"(.*)"$/, "$1")).join(", ");
}
