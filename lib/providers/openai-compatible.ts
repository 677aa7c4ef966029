import type OpenAI from "openai";
import { openAiClient } from "./openai-client";
import { originOf, parseBody, providerErrorFrom, type EndpointOptions } from "./sdk";
import { ProviderError, type ChatRequest, type ChatResponse, type ModelProvider } from "./types";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/**
 * OpenAI's reasoning models (o1, o3, o4-mini, the gpt-5 family) reject `max_tokens` and any
 * temperature but the default: they take `max_completion_tokens` (which also bounds the hidden
 * reasoning tokens). Other models, and every OpenAI-compatible server, get the classic parameters.
 */
export function isReasoningModel(model: string): boolean {
  const id = model.toLowerCase().replace(/^.*\//, "");
  return /^(o1|o3|o4)(-|$)/.test(id) || (/^gpt-5(\.\d+)?(-|$)/.test(id) && !/-chat(-|$)/.test(id));
}

/** The body of POST {baseUrl}/chat/completions for a request. */
export function openAiBody(request: ChatRequest): OpenAI.Chat.ChatCompletionCreateParamsNonStreaming {
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = request.system
    ? [{ role: "system", content: request.system }, ...request.messages]
    : [...request.messages];
  const sampling = isReasoningModel(request.model)
    ? { max_completion_tokens: request.maxTokens }
    : { temperature: request.temperature, max_tokens: request.maxTokens };
  return {
    model: request.model,
    messages,
    ...sampling,
    ...(request.seed === null ? {} : { seed: request.seed }),
    ...(request.responseFormat
      ? {
          response_format: {
            type: "json_schema" as const,
            json_schema: { name: request.responseFormat.name, strict: true, schema: request.responseFormat.schema },
          },
        }
      : {}),
  };
}

/** The text and token counts of a chat completion body; a body without a text answer is bad_response. */
export function readOpenAiAnswer(
  body: Record<string, unknown>,
  raw: string,
  rawRequest: unknown,
): Pick<ChatResponse, "text" | "tokensIn" | "tokensOut"> {
  const choices = body.choices;
  const first = Array.isArray(choices) ? (choices[0] as { message?: { content?: unknown; refusal?: unknown } } | undefined) : undefined;
  const content = first?.message?.content;
  if (typeof content !== "string") {
    const refusal = first?.message?.refusal;
    const why =
      typeof refusal === "string"
        ? `The model refused: ${refusal.slice(0, 300)}`
        : "The chat completion has no choices[0].message.content text.";
    throw new ProviderError("bad_response", why, { raw, rawRequest });
  }
  const usage = (body.usage ?? {}) as { prompt_tokens?: unknown; completion_tokens?: unknown };
  return { text: content, tokensIn: numberOrNull(usage.prompt_tokens), tokensOut: numberOrNull(usage.completion_tokens) };
}

/**
 * Chat completions through the official `openai` client: its request building, typed errors and
 * headers. Retries stay with lib/judges/call.ts (the client's own are off), which reads the same
 * signals the client would (408/409/429/5xx, retry-after-ms, x-should-retry): see ./sdk.ts.
 */
export function createOpenAiProvider(options: EndpointOptions): ModelProvider {
  const endpoint = originOf(options.baseUrl);
  return {
    name: "openai",
    async complete(request, { signal }) {
      const body = openAiBody(request);
      const key = options.apiKey();
      const missingKey = options.missingKey === undefined ? defaultMissingKey(options.baseUrl) : options.missingKey;
      if (!key && missingKey) throw new ProviderError("no_api_key", missingKey, { rawRequest: body });
      const client = openAiClient({ baseUrl: options.baseUrl, apiKey: key, maxRetries: 0, fetch: options.fetch });
      let raw: string;
      try {
        const response = await client.chat.completions.create(body, { signal }).asResponse();
        raw = await response.text();
      } catch (error) {
        throw providerErrorFrom(error, signal, body, endpoint);
      }
      const answer = readOpenAiAnswer(parseBody(raw, body, "The OpenAI-compatible server"), raw, body);
      return { ...answer, raw, rawRequest: body };
    },
  };
}

function defaultMissingKey(baseUrl: string): string | null {
  return isLocal(baseUrl) ? null : `no API key for ${baseUrl}: OPENAI_API_KEY is not set in the server's environment`;
}

function isLocal(url: string): boolean {
  return /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/.test(url);
}

export function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
