import { ProviderError, type ChatRequest, type ChatResponse, type ModelProvider } from "../providers/types";

export interface CallPolicy {
  /** Per attempt: an answer that takes longer is abandoned (and retried). */
  timeoutMs: number;
  /** Retries after the first attempt, for 429, 5xx, timeouts and dropped connections only. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this ends the call as an error instead of stalling the run. */
  maxRetryAfterMs: number;
}

export const DEFAULT_CALL_POLICY: CallPolicy = {
  timeoutMs: 60_000,
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
};

export interface CallDeps {
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  now: () => number;
}

export const realCallDeps: CallDeps = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
  now: () => performance.now(),
};

export type CallOutcome =
  | { ok: true; response: ChatResponse; attempts: number; latencyMs: number; waitedMs: number }
  | { ok: false; error: ProviderError; attempts: number; latencyMs: number | null; waitedMs: number };

/**
 * One model call with a timeout per attempt and retries with exponential backoff and full jitter
 * (AWS Architecture Blog, "Exponential Backoff and Jitter", 2015). A Retry-After from the server
 * replaces the computed delay. Client errors, malformed bodies and a missing key are not retried.
 */
export async function callWithRetries(
  provider: ModelProvider,
  request: ChatRequest,
  policy: CallPolicy,
  deps: CallDeps,
): Promise<CallOutcome> {
  let waitedMs = 0;
  for (let attempt = 0; ; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new ProviderError("timeout", `No answer within ${policy.timeoutMs} ms.`, { rawRequest: request })),
      policy.timeoutMs,
    );
    const started = deps.now();
    try {
      const response = await provider.complete(request, { signal: controller.signal });
      return { ok: true, response, attempts: attempt + 1, latencyMs: deps.now() - started, waitedMs };
    } catch (caught) {
      const error =
        caught instanceof ProviderError ? caught : new ProviderError("network", caught instanceof Error ? caught.message : String(caught));
      const latencyMs = deps.now() - started;
      const retryAfter = error.details.retryAfterMs ?? null;
      const exhausted = attempt >= policy.maxRetries;
      if (!error.retryable || exhausted) {
        const suffix = error.retryable ? ` (gave up after ${attempt + 1} attempts)` : "";
        return { ok: false, error: withMessage(error, error.message + suffix), attempts: attempt + 1, latencyMs, waitedMs };
      }
      if (retryAfter !== null && retryAfter > policy.maxRetryAfterMs) {
        const seconds = Math.round(retryAfter / 1000);
        return {
          ok: false,
          error: withMessage(error, `${error.message} (the server asked to wait ${seconds} s; not retried)`),
          attempts: attempt + 1,
          latencyMs,
          waitedMs,
        };
      }
      const delay = retryAfter ?? Math.round(deps.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
      waitedMs += delay;
      await deps.sleep(delay);
    } finally {
      clearTimeout(timer);
    }
  }
}

function withMessage(error: ProviderError, message: string): ProviderError {
  return new ProviderError(error.kind, message, error.details);
}
