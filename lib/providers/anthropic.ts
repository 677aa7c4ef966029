import { postJson, parseBody, type FetchLike } from "./http";
import { numberOrNull } from "./openai-compatible";
import { ProviderError, isLocalUrl, type ChatRequest, type ChatResponse, type ModelProvider } from "./types";

export const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com";
export const ANTHROPIC_VERSION = "2023-06-01";

export interface AnthropicOptions {
  baseUrl: string;
  apiKey: () => string | undefined;
  fetch?: FetchLike;
}

/** The body of POST {baseUrl}/v1/messages. The Messages API has no seed parameter. */
export function anthropicBody(request: ChatRequest) {
  return {
    model: request.model,
    max_tokens: request.maxTokens,
    temperature: request.temperature,
    ...(request.system ? { system: request.system } : {}),
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
  };
}

export function readAnthropicAnswer(body: Record<string, unknown>, raw: string, rawRequest: unknown): Pick<ChatResponse, "text" | "tokensIn" | "tokensOut"> {
  const blocks = Array.isArray(body.content) ? (body.content as { type?: unknown; text?: unknown }[]) : null;
  const texts = blocks?.filter((b) => b?.type === "text" && typeof b.text === "string").map((b) => b.text as string) ?? [];
  if (!blocks || texts.length === 0) {
    throw new ProviderError("bad_response", "The Anthropic message has no text content block.", { raw, rawRequest });
  }
  const usage = (body.usage ?? {}) as { input_tokens?: unknown; output_tokens?: unknown };
  return { text: texts.join(""), tokensIn: numberOrNull(usage.input_tokens), tokensOut: numberOrNull(usage.output_tokens) };
}

export function createAnthropicProvider(options: AnthropicOptions): ModelProvider {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/v1/messages`;
  return {
    name: "anthropic",
    async complete(request, { signal }) {
      const body = anthropicBody(request);
      const key = options.apiKey();
      if (!key && !isLocalUrl(options.baseUrl)) {
        throw new ProviderError("no_api_key", `no API key for ${options.baseUrl}: ANTHROPIC_API_KEY is not set in the server's environment, or this base URL is not ANTHROPIC_BASE_URL or the public API (the only endpoints the key is sent to)`, { rawRequest: body });
      }
      const headers: Record<string, string> = { "anthropic-version": ANTHROPIC_VERSION, ...(key ? { "x-api-key": key } : {}) };
      const raw = await postJson(url, body, headers, signal, options.fetch);
      const answer = readAnthropicAnswer(parseBody(raw, body, "The Anthropic server"), raw, body);
      return { ...answer, raw, rawRequest: body };
    },
  };
}
