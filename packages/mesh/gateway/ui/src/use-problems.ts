import { useCallback, useState } from "preact/hooks";

/**
 * Problems on screen by their source (`peers`, `inbox`, `action`...): a source that succeeds
 * again clears its own problem, so nothing stale stays up once it is resolved.
 */
export function useProblems(): [
  ReadonlyMap<string, string>,
  (source: string, problem: string | null) => void,
] {
  const [problems, setProblems] = useState<ReadonlyMap<string, string>>(new Map());
  const set = useCallback((source: string, problem: string | null) => {
    setProblems((shown) => {
      if (problem === null ? !shown.has(source) : shown.get(source) === problem) return shown;
      const next = new Map(shown);
      if (problem === null) next.delete(source);
      else next.set(source, problem);
      return next;
    });
  }, []);
  return [problems, set];
}
