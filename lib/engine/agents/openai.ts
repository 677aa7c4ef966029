import OpenAI from "openai";
import { z } from "zod";
import { openAiClient } from "../../providers/openai-client";
import { TrialStopped, type Agent, type AgentEnv } from "../../trial/types";
import { AgentSpecError } from "./errors";
import { retryAfterMs, type RequestLimiter } from "./limiter";
import { describeZodError } from "./protocol";
import { executeCalls } from "./tool-loop";

const ChatResponseSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullable().optional(),
          tool_calls: z
            .array(
              z.object({
                id: z.string(),
                type: z.literal("function").optional(),
                function: z.object({ name: z.string(), arguments: z.string() }),
              }),
            )
            .nullable()
            .optional(),
        }),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional() }).optional(),
});

export interface OpenAiOptions {
  model: string;
  baseUrl: string;
  apiKey: string | undefined;
  /** USD per million prompt / completion tokens, to turn usage into cost (and enforce max_cost_usd). */
  priceIn: number | null;
  priceOut: number | null;
  temperature: number | null;
  system: string | null;
  /** Retries of one model call on 408/409/429/5xx (the official client's rules); max_retries in the spec. */
  maxRetries: number;
}

const isLocal = (url: string) => /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/.test(url);

/** `openai:MODEL[?base_url=…&price_in=…&price_out=…&temperature=…&system=…&max_retries=…]`; the key comes from OPENAI_API_KEY. */
export function parseOpenAiSpec(spec: string, env: Record<string, string | undefined> = process.env): OpenAiOptions {
  const rest = spec.slice("openai:".length);
  const [model = "", query = ""] = rest.split("?", 2);
  if (!model) throw new AgentSpecError(`${spec}: name the model, e.g. openai:gpt-4o-mini`);
  const params = new URLSearchParams(query);
  const number = (name: string) => {
    const raw = params.get(name);
    if (raw === null) return null;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new AgentSpecError(`${spec}: ${name} must be a non-negative number`);
    return value;
  };
  const baseUrl = (params.get("base_url") ?? env.OPENAI_BASE_URL ?? "https://api.openai.com/v1").replace(/\/+$/, "");
  if (!/^https?:\/\//.test(baseUrl)) throw new AgentSpecError(`${spec}: base_url must start with http:// or https://`);
  const apiKey = env.OPENAI_API_KEY?.trim() || undefined;
  if (!apiKey && !isLocal(baseUrl)) throw new AgentSpecError(`${spec}: OPENAI_API_KEY is not set (needed for ${baseUrl})`);
  const maxRetries = number("max_retries") ?? 2;
  if (!Number.isInteger(maxRetries) || maxRetries > 10)
    throw new AgentSpecError(`${spec}: max_retries must be a whole number from 0 to 10`);
  return {
    model,
    baseUrl,
    apiKey,
    priceIn: number("price_in"),
    priceOut: number("price_out"),
    temperature: number("temperature"),
    system: params.get("system"),
    maxRetries,
  };
}

type Message = Record<string, unknown>;

/**
 * One chat completion through the official `openai` client, with its retries: 408, 409, 429 and 5xx,
 * honouring retry-after-ms / retry-after and x-should-retry, with backoff (max_retries in the spec,
 * default 2). Every credential is explicit: the client would otherwise read OPENAI_ORG_ID and friends.
 */
async function complete(client: OpenAI, body: Record<string, unknown>, env: AgentEnv) {
  let text: string;
  try {
    const response = await client.chat.completions
      .create(body as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming, { signal: env.signal })
      .asResponse();
    text = await response.text();
  } catch (error) {
    if (env.signal.aborted && env.signal.reason instanceof TrialStopped) throw env.signal.reason;
    if (error instanceof OpenAI.APIError && typeof error.status === "number") {
      throw new Error(`the model endpoint answered HTTP ${error.status}: ${JSON.stringify(error.error ?? error.message).slice(0, 200)}`);
    }
    throw new Error(`chat completion request failed: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`the model endpoint's response is not JSON: ${text.slice(0, 200)}`);
  }
  const parsed = ChatResponseSchema.safeParse(json);
  if (!parsed.success) throw new Error(`unexpected chat completion response: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/**
 * The client's fetch under the limiter: every HTTP attempt, the client's own retries included, waits
 * for a permit, and a 429 pauses every caller of this model (the client then retries after its own
 * delay, and that attempt waits out the shared pause too).
 */
function limitedFetch(limiter: RequestLimiter): typeof fetch {
  return async (input, init) => {
    const signal = init?.signal ?? new AbortController().signal;
    const permit = await limiter.acquire(signal);
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      await permit.release();
      throw error;
    }
    const rateLimited = response.status === 429;
    await permit.release({ rateLimited, retryAfterMs: rateLimited ? retryAfterMs(response.headers) : null });
    return response;
  };
}

/** The shared client (lib/providers/openai-client.ts) with the spec's retries; the trial's wall clock (env.signal) bounds it. */
function clientFor(options: OpenAiOptions, limiter?: RequestLimiter): OpenAI {
  return openAiClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    maxRetries: options.maxRetries,
    fetch: limiter ? limitedFetch(limiter) : fetch,
  });
}

/**
 * An OpenAI-compatible chat model with function calling drives the sandbox tools. The model only
 * proposes calls; the runner executes or refuses them (allowed_tools, max_steps, wall clock) and
 * turns token usage into cost when prices are given, so max_cost_usd holds too.
 */
export function openAiAgent(spec: string, options: OpenAiOptions, limiter?: RequestLimiter): Agent {
  return {
    spec,
    async run(input, env) {
      const client = clientFor(options, limiter);
      const messages: Message[] = [
        ...(options.system ? [{ role: "system", content: options.system }] : []),
        { role: "user", content: input.prompt },
      ];
      const tools = input.tools.map((t) => ({
        type: "function",
        function: { name: t.name, description: t.description, parameters: t.parameters },
      }));
      for (let turn = 0; ; turn++) {
        const data = await complete(
          client,
          {
            model: options.model,
            messages,
            ...(tools.length ? { tools } : {}),
            ...(options.temperature !== null ? { temperature: options.temperature } : {}),
          },
          env,
        );
        const inputTokens = data.usage?.prompt_tokens ?? 0;
        const outputTokens = data.usage?.completion_tokens ?? 0;
        const priced = options.priceIn !== null || options.priceOut !== null;
        const costUsd = priced ? (inputTokens * (options.priceIn ?? 0) + outputTokens * (options.priceOut ?? 0)) / 1e6 : undefined;
        env.reportUsage({ costUsd, inputTokens, outputTokens });
        const message = data.choices[0]!.message;
        const calls = message.tool_calls ?? [];
        if (calls.length === 0) return { output: message.content ?? "" };
        messages.push({ role: "assistant", content: message.content ?? null, tool_calls: calls });
        const wire = calls.map((c) => {
          let args: unknown;
          try {
            args = JSON.parse(c.function.arguments || "{}");
          } catch {
            args = c.function.arguments; // recorded as sent; the sandbox rejects it as invalid arguments
          }
          return { id: c.id, name: c.function.name, arguments: args };
        });
        for (const entry of await executeCalls(wire, env, turn)) {
          const content = entry.error !== undefined ? { error: entry.error } : entry.result;
          messages.push({ role: "tool", tool_call_id: entry.tool_call.id, content: JSON.stringify(content ?? null) });
        }
      }
    },
  };
}
