import { retryAfterMs as readRetryAfter } from "./retry-after";
import { ProviderError, type ProviderErrorKind } from "./types";

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Where and how an HTTP model provider (OpenAI-compatible or Anthropic) sends its calls. */
export interface EndpointOptions {
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), http://127.0.0.1:8000/v1 (vLLM), https://api.anthropic.com. */
  baseUrl: string;
  /** Read at call time, so a key set after start-up is used and none is ever stored. */
  apiKey: () => string | undefined;
  /**
   * Why a call without a key is refused, or null when this endpoint may be called keyless (a local
   * or self-hosted server). lib/judges/providers.ts decides which.
   */
  missingKey?: string | null;
  fetch?: FetchLike;
}

/**
 * The fetch the SDK clients use: the caller's (tests inject one) with redirects never followed. A
 * judge host is checked against the allowlist before the call; a redirect would carry the request,
 * and the answer stored as a verdict, to a host nobody checked (lib/judges/providers.ts).
 */
export function noRedirectFetch(fetchImpl: FetchLike = fetch): FetchLike {
  return (input, init) => fetchImpl(input, { ...init, redirect: "manual" });
}

/**
 * What the SDK clients' typed errors mean for Gavel's one retry loop (lib/judges/call.ts), which
 * reads `retryable` and `retryAfterMs`. The SDKs' own retries are off (maxRetries 0) so every
 * provider, live or replayed, runs under the same recorded policy. The rules are the SDKs':
 * 408, 409, 429 and 5xx are retried; `x-should-retry: true|false` overrides that; `retry-after-ms`
 * wins over `retry-after`; any other status, a redirect included, is the caller's to fix.
 */
export function providerErrorFrom(error: unknown, signal: AbortSignal, rawRequest: unknown, endpoint: string): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    if (reason instanceof ProviderError) return reason;
    return new ProviderError("timeout", "The call was aborted before an answer arrived.", { rawRequest });
  }
  const e = error as { status?: unknown; headers?: unknown; error?: unknown; message?: unknown; cause?: unknown; name?: unknown };
  const name = typeof e?.name === "string" ? e.name : "";
  if (typeof e?.status !== "number") {
    if (/Timeout/.test(name)) return new ProviderError("timeout", `No answer from ${endpoint} in time.`, { rawRequest });
    return new ProviderError("network", `Could not reach ${endpoint}: ${describeCause(error)}`, { rawRequest });
  }
  const status = e.status;
  const headers = e.headers instanceof Headers ? e.headers : new Headers();
  const raw = e.error === undefined ? "" : typeof e.error === "string" ? e.error : JSON.stringify(e.error);
  const excerpt = raw.slice(0, 300);
  const retryAfter = readRetryAfter(headers);
  const shouldRetry = headers.get("x-should-retry");
  const kind: ProviderErrorKind =
    status === 429 ? "rate_limited" : status === 408 ? "timeout" : status >= 500 || status === 409 ? "server" : "client";
  const retryable = shouldRetry === "true" ? true : shouldRetry === "false" ? false : undefined;
  const details = { status, retryAfterMs: retryAfter, raw, rawRequest, ...(retryable === undefined ? {} : { retryable }) };
  const noRetry = retryable === false ? " (the server said not to retry)" : "";
  if (status >= 300 && status < 400) {
    const location = headers.get("location");
    return new ProviderError(
      "client",
      `${endpoint} answered with a redirect (${status})${location ? ` to ${originOf(location, endpoint)}` : ""}; judge calls never follow redirects: set the final URL as the base URL.`,
      details,
    );
  }
  if (kind === "rate_limited") return new ProviderError(kind, `Rate limited (429) by ${endpoint}${noRetry}: ${excerpt}`, details);
  if (kind === "timeout") return new ProviderError(kind, `Request timeout (408) from ${endpoint}${noRetry}: ${excerpt}`, details);
  if (kind === "server")
    return new ProviderError(
      kind,
      `${status === 409 ? "Conflict (409)" : `Server error ${status}`} from ${endpoint}${noRetry}: ${excerpt}`,
      details,
    );
  return new ProviderError(kind, `Request rejected (${status}) by ${endpoint}: ${excerpt}`, details);
}

/** Only the origin goes into messages: a URL may carry a token in its query. */
export function originOf(url: string, base?: string): string {
  try {
    return new URL(url, base).origin;
  } catch {
    return "the provider";
  }
}

function describeCause(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const c = current as { code?: unknown; cause?: unknown; message?: unknown };
    if (typeof c.code === "string") return c.code;
    if (!c.cause) return typeof c.message === "string" ? c.message : String(current);
    current = c.cause;
  }
  return String(error);
}

/** Reads a JSON body of a 2xx answer; anything else is a bad_response (not retried). */
export function parseBody(text: string, rawRequest: unknown, provider: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new ProviderError("bad_response", `${provider} answered with a body that is not a JSON object.`, { raw: text, rawRequest });
}
