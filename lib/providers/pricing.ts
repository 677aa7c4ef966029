import { isLocalUrl } from "./types";

/**
 * List prices in USD per million tokens (input, output), from the providers' public price pages as
 * of mid-2025. Matched by the longest model-id prefix, so dated snapshots (gpt-4o-2024-08-06) find
 * their family. An unknown model has an unknown cost (null), never a made-up one; a server on this
 * machine charges nothing per token.
 */
const PRICES: Record<string, [input: number, output: number]> = {
  "gpt-4o-mini": [0.15, 0.6],
  "gpt-4o": [2.5, 10],
  "gpt-4.1-nano": [0.1, 0.4],
  "gpt-4.1-mini": [0.4, 1.6],
  "gpt-4.1": [2, 8],
  "gpt-4-turbo": [10, 30],
  "gpt-3.5-turbo": [0.5, 1.5],
  "o3-mini": [1.1, 4.4],
  "o4-mini": [1.1, 4.4],
  "claude-3-haiku": [0.25, 1.25],
  "claude-3-5-haiku": [0.8, 4],
  "claude-3-5-sonnet": [3, 15],
  "claude-3-7-sonnet": [3, 15],
  "claude-sonnet-4": [3, 15],
  "claude-opus-4": [15, 75],
  "claude-3-opus": [15, 75],
};

export function costUsd(model: string, baseUrl: string | null, tokensIn: number | null, tokensOut: number | null): number | null {
  if (tokensIn === null || tokensOut === null) return null;
  if (baseUrl && isLocalUrl(baseUrl)) return 0;
  const key = Object.keys(PRICES)
    .filter((prefix) => model.startsWith(prefix))
    .sort((a, b) => b.length - a.length)[0];
  if (!key) return null;
  const [input, output] = PRICES[key]!;
  return (tokensIn * input + tokensOut * output) / 1_000_000;
}
