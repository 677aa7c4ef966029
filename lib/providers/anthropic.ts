import Anthropic from "@anthropic-ai/sdk";
import { numberOrNull } from "./openai-compatible";
import { noRedirectFetch, originOf, parseBody, providerErrorFrom, type EndpointOptions } from "./sdk";
import { ProviderError, isLocalUrl, type ChatRequest, type ChatResponse, type ModelProvider } from "./types";

export const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com";
export const ANTHROPIC_VERSION = "2023-06-01";

/**
 * Claude models released after Opus 4.6 reject any temperature but 1.0 (the SDK's documentation of the
 * parameter): for those, temperature is left out and the model's default applies. Read from the id's
 * family version (claude-opus-4-7, claude-sonnet-5 …); an id that names none keeps the temperature.
 */
export function acceptsTemperature(model: string): boolean {
  const match = /claude-(?:opus|sonnet|haiku)-(\d+)(?:[-.](\d{1,2}))?(?:-|$)/.exec(model.toLowerCase());
  if (!match) return true;
  const major = Number(match[1]);
  const minor = match[2] === undefined ? 0 : Number(match[2]);
  return major < 4 || (major === 4 && minor <= 6);
}

/** The body of POST {baseUrl}/v1/messages. The Messages API has no seed parameter. */
export function anthropicBody(request: ChatRequest): Anthropic.MessageCreateParamsNonStreaming {
  return {
    model: request.model,
    max_tokens: request.maxTokens,
    ...(acceptsTemperature(request.model) ? { temperature: request.temperature } : {}),
    ...(request.system ? { system: request.system } : {}),
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    ...(request.responseFormat
      ? { output_config: { format: { type: "json_schema" as const, schema: request.responseFormat.schema } } }
      : {}),
  };
}

export function readAnthropicAnswer(
  body: Record<string, unknown>,
  raw: string,
  rawRequest: unknown,
): Pick<ChatResponse, "text" | "tokensIn" | "tokensOut"> {
  const blocks = Array.isArray(body.content) ? (body.content as { type?: unknown; text?: unknown }[]) : null;
  const texts = blocks?.filter((b) => b?.type === "text" && typeof b.text === "string").map((b) => b.text as string) ?? [];
  if (!blocks || texts.length === 0) {
    throw new ProviderError("bad_response", "The Anthropic message has no text content block.", { raw, rawRequest });
  }
  const usage = (body.usage ?? {}) as { input_tokens?: unknown; output_tokens?: unknown };
  return { text: texts.join(""), tokensIn: numberOrNull(usage.input_tokens), tokensOut: numberOrNull(usage.output_tokens) };
}

/** Messages through the official `@anthropic-ai/sdk` client; retries stay with lib/judges/call.ts (see ./sdk.ts). */
export function createAnthropicProvider(options: EndpointOptions): ModelProvider {
  const endpoint = originOf(options.baseUrl);
  return {
    name: "anthropic",
    async complete(request, { signal }) {
      const body = anthropicBody(request);
      const key = options.apiKey();
      const missingKey =
        options.missingKey === undefined
          ? isLocalUrl(options.baseUrl)
            ? null
            : `no API key for ${options.baseUrl}: ANTHROPIC_API_KEY is not set in the server's environment`
          : options.missingKey;
      if (!key && missingKey) throw new ProviderError("no_api_key", missingKey, { rawRequest: body });
      const client = new Anthropic({
        baseURL: options.baseUrl.replace(/\/+$/, ""),
        // A credential passed in code stops the client reading ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN or a
        // credentials profile: the key rules are Gavel's. Keyless, both auth headers are removed.
        apiKey: key ?? "keyless",
        maxRetries: 0,
        timeout: 24 * 3600_000,
        fetch: noRedirectFetch(options.fetch),
        defaultHeaders: { "anthropic-version": ANTHROPIC_VERSION, ...(key ? {} : { "x-api-key": null, authorization: null }) },
      });
      let raw: string;
      try {
        const response = await client.messages.create(body, { signal }).asResponse();
        raw = await response.text();
      } catch (error) {
        throw providerErrorFrom(error, signal, body, endpoint);
      }
      const answer = readAnthropicAnswer(parseBody(raw, body, "The Anthropic server"), raw, body);
      return { ...answer, raw, rawRequest: body };
    },
  };
}
