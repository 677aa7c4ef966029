import { readFileSync, statSync } from "node:fs";
import { calcPrice } from "@pydantic/genai-prices";
import { z } from "zod";
import { isLocalUrl } from "./types";

/**
 * What a model call cost, in USD. Prices come from @pydantic/genai-prices, a maintained catalog of
 * the providers' published prices (dated and tiered: a long-context Claude request is priced at its
 * tier), pinned to a release whose date is shown with every price. A team's own prices — a
 * negotiated rate, a fine-tune, a model the catalog lacks — go in the file GAVEL_PRICES names and
 * win over the catalog. An unknown model has an unknown cost (null), never a made-up one; a server on
 * this machine charges nothing per token.
 */
export const PRICE_CATALOG = { name: "@pydantic/genai-prices", version: "0.1.8", asOf: "2026-09-23" } as const;

/** GAVEL_PRICES: {"as_of": "YYYY-MM-DD", "prices": {"model-prefix": {"input": USD per 1M, "output": USD per 1M}}}. */
const perMillion = z.number({ error: "a price in USD per million tokens" }).nonnegative("a price cannot be negative");
export const priceFileSchema = z.strictObject({
  as_of: z.iso.date({ error: 'as_of: the date the prices were read, as "YYYY-MM-DD"' }),
  prices: z.record(z.string().min(1), z.strictObject({ input: perMillion, output: perMillion }), {
    error: "prices: model id (or prefix) → {input, output}",
  }),
});
export type PriceFile = z.output<typeof priceFileSchema>;

export interface PriceSource {
  /** "GAVEL_PRICES (prices.json)" or "@pydantic/genai-prices 0.1.8". */
  name: string;
  asOf: string;
  /** The model id the price is for (an override prefix or the catalog's id). */
  model: string;
}

let cached: { path: string; mtimeMs: number; file: PriceFile } | null = null;

/** The override file, read once per change; a malformed one is an error naming the file and field. */
export function priceOverrides(env: Record<string, string | undefined> = process.env): PriceFile | null {
  const path = env.GAVEL_PRICES?.trim();
  if (!path) return null;
  const mtimeMs = statSync(path).mtimeMs;
  if (cached && cached.path === path && cached.mtimeMs === mtimeMs) return cached.file;
  const parsed = priceFileSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!parsed.success)
    throw new Error(`GAVEL_PRICES ${path}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`).join("; ")}`);
  cached = { path, mtimeMs, file: parsed.data };
  return parsed.data;
}

function override(model: string, file: PriceFile | null) {
  if (!file) return null;
  const key = Object.keys(file.prices)
    .filter((prefix) => model.startsWith(prefix))
    .sort((a, b) => b.length - a.length)[0];
  return key ? { key, ...file.prices[key]! } : null;
}

/** The cost of one call and where its price came from, or null when the price is unknown. */
export function priceCall(
  model: string,
  baseUrl: string | null,
  tokensIn: number,
  tokensOut: number,
  env: Record<string, string | undefined> = process.env,
): { costUsd: number; source: PriceSource } | null {
  if (baseUrl && isLocalUrl(baseUrl)) return { costUsd: 0, source: { name: "this machine (no charge)", asOf: "", model } };
  const file = priceOverrides(env);
  const own = override(model, file);
  if (own) {
    return {
      costUsd: (tokensIn * own.input + tokensOut * own.output) / 1_000_000,
      source: { name: `GAVEL_PRICES (${env.GAVEL_PRICES})`, asOf: file!.as_of, model: own.key },
    };
  }
  const catalogUrl =
    baseUrl && !/^https?:\/\/(api\.openai\.com|api\.anthropic\.com)(\/|$)/.test(baseUrl) ? { providerApiUrl: baseUrl } : {};
  const found =
    calcPrice({ input_tokens: tokensIn, output_tokens: tokensOut }, model, catalogUrl) ??
    calcPrice({ input_tokens: tokensIn, output_tokens: tokensOut }, model);
  if (!found) return null;
  return {
    costUsd: found.total_price,
    source: { name: `${PRICE_CATALOG.name} ${PRICE_CATALOG.version}`, asOf: PRICE_CATALOG.asOf, model: found.model.id },
  };
}

export function costUsd(model: string, baseUrl: string | null, tokensIn: number | null, tokensOut: number | null): number | null {
  if (tokensIn === null || tokensOut === null) return null;
  return priceCall(model, baseUrl, tokensIn, tokensOut)?.costUsd ?? null;
}

/** "@pydantic/genai-prices 0.1.8, prices as of 2026-09-23", for showing next to a cost. */
export function priceNote(model: string, baseUrl: string | null): string | null {
  const priced = priceCall(model, baseUrl, 1, 1);
  if (!priced) return null;
  return priced.source.asOf ? `${priced.source.name}, prices as of ${priced.source.asOf}` : priced.source.name;
}
