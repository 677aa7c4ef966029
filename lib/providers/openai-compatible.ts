import { postJson, parseBody, type FetchLike } from "./http";
import { ProviderError, isLocalUrl, type ChatRequest, type ChatResponse, type ModelProvider } from "./types";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

export interface OpenAiOptions {
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), http://127.0.0.1:8000/v1 (vLLM). */
  baseUrl: string;
  /** Read at call time, so a key set after start-up is used and none is ever stored. */
  apiKey: () => string | undefined;
  fetch?: FetchLike;
}

/** The body of POST {baseUrl}/chat/completions for a request. */
export function openAiBody(request: ChatRequest) {
  const messages = request.system ? [{ role: "system", content: request.system }, ...request.messages] : request.messages;
  return {
    model: request.model,
    messages,
    temperature: request.temperature,
    max_tokens: request.maxTokens,
    ...(request.seed === null ? {} : { seed: request.seed }),
  };
}

/** The text and token counts of a chat completion body; a body without a text answer is bad_response. */
export function readOpenAiAnswer(body: Record<string, unknown>, raw: string, rawRequest: unknown): Pick<ChatResponse, "text" | "tokensIn" | "tokensOut"> {
  const choices = body.choices;
  const first = Array.isArray(choices) ? (choices[0] as { message?: { content?: unknown } } | undefined) : undefined;
  const content = first?.message?.content;
  if (typeof content !== "string") {
    throw new ProviderError("bad_response", "The chat completion has no choices[0].message.content text.", { raw, rawRequest });
  }
  const usage = (body.usage ?? {}) as { prompt_tokens?: unknown; completion_tokens?: unknown };
  return { text: content, tokensIn: numberOrNull(usage.prompt_tokens), tokensOut: numberOrNull(usage.completion_tokens) };
}

export function createOpenAiProvider(options: OpenAiOptions): ModelProvider {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    name: "openai",
    async complete(request, { signal }) {
      const body = openAiBody(request);
      const key = options.apiKey();
      if (!key && !isLocalUrl(options.baseUrl)) {
        throw new ProviderError("no_api_key", `no API key for ${options.baseUrl}: OPENAI_API_KEY is not set in the server's environment, or this base URL is not OPENAI_BASE_URL or the public API (the only endpoints the key is sent to)`, { rawRequest: body });
      }
      const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
      const raw = await postJson(url, body, headers, signal, options.fetch);
      const answer = readOpenAiAnswer(parseBody(raw, body, "The OpenAI-compatible server"), raw, body);
      return { ...answer, raw, rawRequest: body };
    },
  };
}

export function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
