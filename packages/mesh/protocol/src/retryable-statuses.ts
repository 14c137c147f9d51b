/**
 * HTTP statuses after which the same request may succeed when repeated: request timeout,
 * rate limited, and the server-side failures a restart or a moment's wait clears.
 */
export const RETRYABLE_STATUSES: readonly number[] = Object.freeze([408, 429, 500, 502, 503, 504]);

const RETRYABLE = new Set(RETRYABLE_STATUSES);

/** Whether a request that got `status` may succeed when repeated (see {@link RETRYABLE_STATUSES}). */
export function isRetryableStatus(status: number): boolean {
  return RETRYABLE.has(status);
}
