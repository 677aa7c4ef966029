import OpenAI from "openai";
import { noRedirectFetch, type FetchLike } from "./sdk";

export interface OpenAiClientOptions {
  baseUrl: string;
  /** The key, or undefined to call keyless (a local server): the authorization header is then removed. */
  apiKey: string | undefined;
  /** The client's own retries (0 for judges: lib/judges/call.ts retries them under one recorded policy). */
  maxRetries: number;
  fetch?: FetchLike;
}

/**
 * The one OpenAI client every caller builds, judges (lib/providers/openai-compatible.ts) and agents
 * (lib/engine/agents/openai.ts) alike, so the rules below hold for both:
 *  - every credential is explicit: the client would otherwise read OPENAI_API_KEY, OPENAI_ORG_ID and
 *    OPENAI_PROJECT_ID itself, and the key rules are Gavel's (a key goes only to the endpoint it belongs to);
 *  - keyless, no authorization header at all;
 *  - never follow a redirect: it would carry the prompt (and the key) to a host nobody named;
 *  - no client timeout: the caller's signal bounds each call (a judge's per-attempt timeout, a trial's wall clock).
 */
export function openAiClient(options: OpenAiClientOptions): OpenAI {
  return new OpenAI({
    baseURL: options.baseUrl.replace(/\/+$/, ""),
    apiKey: options.apiKey ?? "keyless",
    organization: null,
    project: null,
    maxRetries: options.maxRetries,
    timeout: 24 * 3600_000,
    fetch: noRedirectFetch(options.fetch),
    ...(options.apiKey ? {} : { defaultHeaders: { authorization: null } }),
  });
}
