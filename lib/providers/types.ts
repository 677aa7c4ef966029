/**
 * The one seam between Gavel and a language model. A provider turns a ChatRequest into the model's
 * text; everything about retries, timeouts, parsing and storage lives above it (lib/judges), so the
 * same judge logic runs against OpenAI-compatible servers, Anthropic, or a recorded cassette.
 */
export interface ChatMessage {
  role: "user" | "assistant";
  content: string;
}

/** Everything that decides a model's answer. Its canonical hash keys cassettes (lib/providers/cassette.ts). */
export interface ChatRequest {
  model: string;
  system: string | null;
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number;
  seed: number | null;
  /** Ask for JSON matching this schema (structured outputs) where the provider supports it. */
  responseFormat?: ResponseFormat | null;
}

export interface ResponseFormat {
  /** A short name ([a-zA-Z0-9_-]); OpenAI requires one. */
  name: string;
  /** A JSON Schema object (every property required, no additional ones: both providers' strict subset). */
  schema: Record<string, unknown>;
}

export interface ChatResponse {
  /** The model's answer as text (what a parser reads). */
  text: string;
  tokensIn: number | null;
  tokensOut: number | null;
  /** The response body as received, for the verdict's audit trail. */
  raw: string;
  /** The request body as sent (never with a key: keys travel in headers only). */
  rawRequest: unknown;
  /** True when answered from a cassette rather than a live call. */
  replayed?: boolean;
}

export interface ModelProvider {
  readonly name: string;
  complete(request: ChatRequest, options: { signal: AbortSignal }): Promise<ChatResponse>;
}

export type ProviderErrorKind =
  "rate_limited" | "server" | "timeout" | "network" | "client" | "bad_response" | "no_api_key" | "cassette_miss" | "host_not_allowed";

const RETRYABLE: ReadonlySet<ProviderErrorKind> = new Set(["rate_limited", "server", "timeout", "network"]);

/** A failed model call, classified so the caller knows whether to retry and what to record. */
export class ProviderError extends Error {
  readonly retryable: boolean;
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    /** `retryable` overrides the kind's rule (a server's `x-should-retry` header). */
    readonly details: { status?: number; retryAfterMs?: number | null; raw?: string; rawRequest?: unknown; retryable?: boolean } = {},
  ) {
    super(message);
    this.name = "ProviderError";
    this.retryable = details.retryable ?? RETRYABLE.has(kind);
  }
}

export { parseRetryAfter } from "./retry-after";

/** A base URL on this machine may run without a key (Ollama, vLLM, LM Studio, the test mocks). */
export function isLocalUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === "127.0.0.1" || host === "localhost" || host === "[::1]" || host === "::1";
  } catch {
    return false;
  }
}
