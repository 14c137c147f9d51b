import { InvalidArgumentError } from "@mesh/cli-kit";

/** A flag or argument value that must be a message id (a non-negative integer). */
export function messageIdValue(value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError("expected a message id (a non-negative integer)");
  }
  return Number(value);
}
