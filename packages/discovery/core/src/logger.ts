/** Where discovery lookups report the failures they swallow. */
export interface DiscoveryLogger {
  warn(message: string): void;
}

/** Writes `[discovery] <message>` to stderr. */
export const consoleLogger: DiscoveryLogger = {
  warn(message) {
    console.warn(`[discovery] ${message}`);
  },
};

/** Drops everything; for tests and for callers who report errors themselves. */
export const silentLogger: DiscoveryLogger = { warn() {} };
