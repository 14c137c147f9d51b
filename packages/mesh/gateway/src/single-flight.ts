/**
 * Wraps `run` so that calls made while one is in flight share its outcome instead of starting
 * another: a flood of callers costs one run at a time. The next call after it settles runs anew.
 */
export function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  return () => {
    current ??= run().finally(() => {
      current = undefined;
    });
    return current;
  };
}
