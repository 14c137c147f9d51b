import { InvalidArgumentError } from "@mesh/cli-kit";

/** A flag value that must be a whole number of at least 1. */
export function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError("expected a positive integer");
  }
  return Number(value);
}
