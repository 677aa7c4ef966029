import { ProviderError, parseRetryAfter } from "./types";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * POSTs JSON and returns the body text of a 2xx answer. Every failure becomes a ProviderError of
 * the right kind: 429 and 5xx are retryable (with Retry-After when the server sent one), an abort
 * from the caller's timeout is "timeout", a refused connection is "network", any other status is
 * "client" (a wrong key or a bad request does not improve with retries). Redirects are never
 * followed: the judge-host allowlist is checked on the configured URL, and a 3xx to anywhere (an
 * allowed host answering 307 to a disallowed one, say) would carry the prompt and the key past it.
 */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  signal: AbortSignal,
  fetchImpl: FetchLike = fetch,
): Promise<string> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal,
      redirect: "manual",
    });
  } catch (error) {
    throw abortOr(signal, error, body, "network", `Could not reach ${safeOrigin(url)}: ${describe(error)}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw abortOr(signal, error, body, "network", `The connection to ${safeOrigin(url)} broke while reading the answer: ${describe(error)}`);
  }
  if (response.ok) return text;
  if (response.status >= 300 && response.status < 400) {
    const target = redirectTarget(url, response.headers.get("location"));
    throw new ProviderError("client", `Refused to follow a redirect (${response.status}) from ${safeOrigin(url)} to ${target}: judge calls never follow redirects. Set the judge's base URL to where it should go (and add that host to GAVEL_JUDGE_HOSTS if needed).`, {
      status: response.status,
      raw: text,
      rawRequest: body,
    });
  }
  const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
  const excerpt = text.slice(0, 300);
  const details = { status: response.status, retryAfterMs, raw: text, rawRequest: body };
  if (response.status === 429) throw new ProviderError("rate_limited", `Rate limited (429) by ${safeOrigin(url)}: ${excerpt}`, details);
  if (response.status >= 500) throw new ProviderError("server", `Server error ${response.status} from ${safeOrigin(url)}: ${excerpt}`, details);
  throw new ProviderError("client", `Request rejected (${response.status}) by ${safeOrigin(url)}: ${excerpt}`, details);
}

function abortOr(signal: AbortSignal, error: unknown, body: unknown, kind: "network", message: string): ProviderError {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    if (reason instanceof ProviderError) return reason;
    return new ProviderError("timeout", "The call was aborted before an answer arrived.", { rawRequest: body });
  }
  if (error instanceof ProviderError) return error;
  return new ProviderError(kind, message, { rawRequest: body });
}

/** The host a redirect points to (relative locations resolve against the request), or "an unnamed place". */
function redirectTarget(url: string, location: string | null): string {
  if (!location) return "an unnamed place (no Location header)";
  try {
    return new URL(location, url).host;
  } catch {
    return "an unreadable Location";
  }
}

/** Only the origin goes into messages: a URL may carry a token in its query. */
function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "the provider";
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
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
