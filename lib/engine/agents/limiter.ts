/**
 * The seam through which an agent's outgoing requests are rate-limited: one limiter per endpoint
 * (an HTTP agent's URL, or a provider and model), shared by every process that calls it. A
 * distributed run's workers get one backed by PostgreSQL (lib/db/rate-limits.ts); the agents
 * themselves only acquire before each HTTP request and release after it.
 */
export interface RequestLimiter {
  /**
   * Waits until one more request may start (a free concurrency slot, room in the minute's budget,
   * no 429 pause in force). Rejects with the signal's reason when it is aborted while waiting.
   */
  acquire(signal: AbortSignal): Promise<RequestPermit>;
}

export interface RequestPermit {
  /** The request is over. `rateLimited`: the endpoint answered 429, so every caller pauses (for `retryAfterMs` when it said). */
  release(result?: { rateLimited?: boolean; retryAfterMs?: number | null }): Promise<void>;
}

/** The limits a run asks for; either may be absent. */
export interface RateLimits {
  requestsPerMinute?: number;
  concurrentRequests?: number;
}

/** How often a request answered with 429 is tried again (after the shared pause) before the trial gives up. */
export const MAX_RATE_LIMITED_RETRIES = 5;

/** Retry-After in milliseconds (seconds or an HTTP date), or retry-after-ms: the one reader in lib/providers/retry-after.ts. */
export { retryAfterMs } from "../../providers/retry-after";

/**
 * Runs one HTTP request under the limiter: acquires first (so the limit wraps the request itself,
 * not the trial), releases after. A 429 pauses every caller of the endpoint and the request is
 * tried again, up to MAX_RATE_LIMITED_RETRIES times; then the 429 is the answer.
 */
export async function limitedRequest<T extends { status: number }>(
  limiter: RequestLimiter | undefined,
  signal: AbortSignal,
  request: () => Promise<T>,
  retryAfter: (response: T) => number | null,
): Promise<T> {
  if (!limiter) return request();
  for (let attempt = 0; ; attempt++) {
    const permit = await limiter.acquire(signal);
    let response: T;
    try {
      response = await request();
    } catch (error) {
      await permit.release();
      throw error;
    }
    const rateLimited = response.status === 429;
    await permit.release({ rateLimited, retryAfterMs: rateLimited ? retryAfter(response) : null });
    if (!rateLimited || attempt >= MAX_RATE_LIMITED_RETRIES) return response;
  }
}
