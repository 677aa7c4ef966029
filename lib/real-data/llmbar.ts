import { z } from "zod";
import { DatasetError, zodIssues, type DatasetIssue } from "./issues";

/**
 * LLMBar (Zeng et al., ICLR 2024; princeton-nlp/LLMBar): pairwise items with an expert gold label and
 * the recorded verdicts of LLM judges in both orders. Pure: the caller hands in the files' text by
 * path relative to the data set's folder; everything is validated before anything is returned.
 *
 * Layout: `<subset dir>/dataset.json` ([{input, output_1, output_2, label}]) and
 * `<subset dir>/evaluators/<JUDGE>/<STRATEGY>/result.json` (the same items plus `results`, whose
 * last entry holds `"swap = False"` and `"swap = True"`, each `{completion, winner}`; the swapped
 * winner is already mapped back to the original numbering; a null winner is an unparseable answer).
 */
export type Winner = "A" | "B";

export interface LlmbarItem {
  input: string;
  output1: string;
  output2: string;
  /** The gold label: A when output_1 is better (label 1), B when output_2 is (label 2). */
  gold: Winner;
}

export interface LlmbarAnswer {
  /** null when the upstream parser found no winner: imported as an error verdict. */
  winner: Winner | null;
  /** The judge's final raw completion. */
  completion: string;
  /** Earlier steps of multi-step strategies (generated metrics, a reference output), in order. */
  steps: string[];
}

export interface LlmbarEvaluator {
  judge: string;
  strategy: string;
  file: string;
  /** One entry per item, in the order of dataset.json. */
  answers: { original: LlmbarAnswer; swapped: LlmbarAnswer }[];
}

export interface LlmbarSubset {
  /** The folder name (MT-Bench, Natural). */
  name: string;
  dir: string;
  items: LlmbarItem[];
  evaluators: LlmbarEvaluator[];
}

const label = z.union([z.literal(1), z.literal(2), z.literal("1"), z.literal("2")], {
  error: "label must be 1 or 2 (a number or a string)",
});

const itemSchema = z.object({
  input: z.string({ error: "input must be a string" }),
  output_1: z.string({ error: "output_1 must be a string" }),
  output_2: z.string({ error: "output_2 must be a string" }),
  label,
});

/** A completion is upstream's [text, finish_reason] pair (or, leniently, plain text). */
const completion = z.union([z.string(), z.tuple([z.string()], z.unknown())], { error: "completion must be text or [text, finish_reason]" });
const answerSchema = z.object({
  completion,
  winner: z.union([z.literal("1"), z.literal("2"), z.literal(1), z.literal(2), z.null()], { error: 'winner must be "1", "2" or null' }),
});
const resultItemSchema = itemSchema.extend({
  results: z
    .array(z.unknown(), { error: "results must be a list" })
    .min(1, "results must not be empty")
    .check((ctx) => {
      const last = ctx.value.at(-1);
      if (!last || typeof last !== "object" || Array.isArray(last))
        ctx.issues.push({
          code: "custom",
          input: last,
          path: [ctx.value.length - 1],
          message: 'the last result must be an object with "swap = False" and "swap = True"',
        });
    }),
});
const verdictSchema = z.object({ "swap = False": answerSchema, "swap = True": answerSchema });

const textOf = (value: z.infer<typeof completion>) => (typeof value === "string" ? value : value[0]);
const winnerOf = (value: "1" | "2" | 1 | 2 | null): Winner | null => (value === null ? null : String(value) === "1" ? "A" : "B");

function parseJson(file: string, text: string, issues: DatasetIssue[]): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    issues.push({ file, message: `not valid JSON: ${(error as Error).message}` });
    return undefined;
  }
}

function parseItems(file: string, value: unknown, issues: DatasetIssue[]): LlmbarItem[] | null {
  if (!Array.isArray(value)) {
    issues.push({ file, message: "must be a JSON list of items" });
    return null;
  }
  const items: LlmbarItem[] = [];
  value.forEach((raw, index) => {
    const parsed = itemSchema.safeParse(raw);
    if (!parsed.success) issues.push(...zodIssues(parsed.error, file, index));
    else
      items.push({
        input: parsed.data.input,
        output1: parsed.data.output_1,
        output2: parsed.data.output_2,
        gold: String(parsed.data.label) === "1" ? "A" : "B",
      });
  });
  return items.length === value.length ? items : null;
}

function parseEvaluator(
  file: string,
  value: unknown,
  items: LlmbarItem[] | null,
  issues: DatasetIssue[],
): LlmbarEvaluator["answers"] | null {
  if (!Array.isArray(value)) {
    issues.push({ file, message: "must be a JSON list of judged items" });
    return null;
  }
  if (items && value.length !== items.length) issues.push({ file, message: `has ${value.length} items, dataset.json has ${items.length}` });
  const answers: LlmbarEvaluator["answers"] = [];
  const before = issues.length;
  value.forEach((raw, index) => {
    const parsed = resultItemSchema.safeParse(raw);
    if (!parsed.success) {
      issues.push(...zodIssues(parsed.error, file, index));
      return;
    }
    const item = items?.[index];
    if (item) {
      // The verdicts are matched to the gold items by position: make sure the positions agree.
      const same = item.input === parsed.data.input && item.output1 === parsed.data.output_1 && item.output2 === parsed.data.output_2;
      if (!same)
        issues.push({
          file,
          item: index,
          field: "input",
          message: "does not match the same item of dataset.json (input, output_1 and output_2 must be equal)",
        });
    }
    const results = parsed.data.results;
    const last = verdictSchema.safeParse(results.at(-1));
    if (!last.success) {
      issues.push(...zodIssues(last.error, file, index, `results[${results.length - 1}]`));
      return;
    }
    const steps = results.slice(0, -1).map((step) => (Array.isArray(step) && typeof step[0] === "string" ? step[0] : JSON.stringify(step)));
    const answer = (a: z.infer<typeof answerSchema>): LlmbarAnswer => ({
      winner: winnerOf(a.winner),
      completion: textOf(a.completion),
      steps,
    });
    answers.push({ original: answer(last.data["swap = False"]), swapped: answer(last.data["swap = True"]) });
  });
  return issues.length === before ? answers : null;
}

/**
 * Parses every subset under the folder. `files` maps paths relative to the folder ("/" separated)
 * to their text; only dataset.json and evaluators' result.json files are read.
 */
export function parseLlmbar(files: ReadonlyMap<string, string>): LlmbarSubset[] {
  const issues: DatasetIssue[] = [];
  const subsets: LlmbarSubset[] = [];
  const datasetFiles = [...files.keys()].filter((p) => p === "dataset.json" || p.endsWith("/dataset.json")).sort();
  if (datasetFiles.length === 0)
    throw new DatasetError([{ file: ".", message: "no dataset.json found (expected e.g. Processed/MT-Bench/dataset.json)" }]);
  for (const datasetFile of datasetFiles) {
    const dir = datasetFile.slice(0, -"dataset.json".length).replace(/\/$/, "");
    const name = dir.split("/").at(-1) || "LLMBar";
    const items = parseItems(datasetFile, parseJson(datasetFile, files.get(datasetFile)!, issues), issues);
    const prefix = `${dir ? `${dir}/` : ""}evaluators/`;
    const resultFiles = [...files.keys()].filter((p) => p.startsWith(prefix) && p.endsWith("/result.json")).sort();
    const evaluators: LlmbarEvaluator[] = [];
    for (const file of resultFiles) {
      const parts = file.slice(prefix.length).split("/");
      if (parts.length !== 3) {
        issues.push({ file, message: "expected evaluators/<JUDGE>/<STRATEGY>/result.json" });
        continue;
      }
      const value = parseJson(file, files.get(file)!, issues);
      const answers = value === undefined ? null : parseEvaluator(file, value, items, issues);
      if (answers) evaluators.push({ judge: parts[0]!, strategy: parts[1]!, file, answers });
    }
    if (resultFiles.length === 0)
      issues.push({ file: `${prefix}`, message: "no evaluators/<JUDGE>/<STRATEGY>/result.json for this subset" });
    if (items) subsets.push({ name, dir, items, evaluators });
  }
  const names = subsets.map((s) => s.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) issues.push({ file: ".", message: `two subsets are named "${duplicate}"` });
  if (issues.length > 0) throw new DatasetError(issues);
  return subsets;
}

/** "159 / 200 = 79.5%" → { correct: 159, total: 200 } (statistics.json's accuracy fields). */
export function parseUpstreamCount(text: string): { correct: number; total: number } | null {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*=/.exec(text);
  return match ? { correct: Number(match[1]), total: Number(match[2]) } : null;
}
