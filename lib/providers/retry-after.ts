/**
 * The one reader of a server's "wait before trying again", for every HTTP client Gavel runs: the judge providers
 * (lib/providers/sdk.ts), the agents (lib/engine/agents: http and openai under the shared limiter) and the Langfuse
 * connector. Milliseconds, or null when the header is absent or unreadable.
 */

/** `Retry-After`: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/** `retry-after-ms` (OpenAI's and Anthropic's own header, milliseconds) wins over the standard `Retry-After`. */
export function retryAfterMs(headers: { get(name: string): string | null }, now: number = Date.now()): number | null {
  const ms = headers.get("retry-after-ms");
  if (ms !== null && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.round(Number(ms));
  return parseRetryAfter(headers.get("retry-after"), now);
}
