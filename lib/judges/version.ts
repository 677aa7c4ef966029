import { z } from "zod";
import { contentHash } from "../hash";
import { ITEM_KIND_DEFINITIONS, ITEM_KINDS, type ItemParser } from "../items/kinds";
import { JUDGE_PROVIDER_NAMES, providerList, type JudgeProvider } from "../providers/registry";
import { judgeExamples } from "./examples";

/**
 * A judge version is immutable: provider, pinned model, prompt template, params and output parser.
 * Its identity is the hash of all of these; changing any one makes a new version.
 */
export type { JudgeProvider };
/** The output parsers: one per item kind, named in the item-kind registry (lib/items/kinds.ts); parsers.ts implements them. */
export type JudgeParser = ItemParser;
export const JUDGE_PARSERS = ITEM_KINDS.map((k) => ITEM_KIND_DEFINITIONS[k].parser) as [JudgeParser, ...JudgeParser[]];

export const judgeParams = z
  .object({
    temperature: z.number().min(0, "temperature must be between 0 and 2").max(2, "temperature must be between 0 and 2").default(0),
    maxTokens: z.int().positive("maxTokens must be a positive whole number").max(32_768).default(512),
    seed: z.int().nullable().default(null),
    /** Ask for a JSON verdict (structured outputs); absent means off, so older versions keep their hash. */
    structuredOutput: z.boolean().optional(),
    /** The NAME of the environment variable holding this version's key; the key itself is never stored. */
    apiKeyEnv: z
      .string()
      .regex(
        /^[A-Z][A-Z0-9_]*_API_KEY$/,
        "apiKeyEnv names an environment variable ending in _API_KEY, e.g. GROQ_API_KEY (the key itself is never stored)",
      )
      .optional(),
  })
  .strict();

export const judgeVersionSpec = z
  .object({
    provider: z.enum(JUDGE_PROVIDER_NAMES, { error: `provider must be ${providerList()}` }),
    model: z.string().trim().min(1, "Name the pinned model id, e.g. gpt-4o-2024-08-06."),
    baseUrl: z.url({ error: "baseUrl must be a URL such as http://127.0.0.1:11434/v1" }).nullable().default(null),
    promptTemplate: z.string().min(1, "The prompt template cannot be empty."),
    params: judgeParams.default({ temperature: 0, maxTokens: 512, seed: null }),
    parser: z.enum(JUDGE_PARSERS, { error: `parser must be ${JUDGE_PARSERS.slice(0, -1).join(", ")} or ${JUDGE_PARSERS.at(-1)}` }),
    /** Few-shot worked examples from dev items (lib/judges/examples.ts); absent or empty: none. */
    examples: judgeExamples.optional(),
  })
  .strict();

export type JudgeVersionSpec = z.output<typeof judgeVersionSpec>;

/**
 * sha256 of the canonical JSON of the whole spec. No examples and an empty list are one identity, left out of the
 * hash, so every version made before examples existed keeps its hash.
 */
export function judgeVersionHash(spec: JudgeVersionSpec): string {
  const { examples, ...parsed } = judgeVersionSpec.parse(spec);
  return contentHash({ ...parsed, ...(examples?.length ? { examples } : {}), hashVersion: 1 });
}
