import { consoleLogger, type DiscoveryLogger } from "./logger.js";

/**
 * The logger a lookup reports to: `logger` when it has a `warn` function,
 * else `consoleLogger`. The result never throws: a `warn` that throws is
 * ignored, because lookups promise never to throw whatever they are given.
 */
export function resolveLogger(logger: unknown): DiscoveryLogger {
  const target =
    typeof (logger as Partial<DiscoveryLogger> | null | undefined)?.warn === "function"
      ? (logger as DiscoveryLogger)
      : consoleLogger;
  return {
    warn(message) {
      try {
        target.warn(message);
      } catch {
        // A broken logger must not turn a swallowed failure into a thrown one.
      }
    },
  };
}
