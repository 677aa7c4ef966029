import { newTranscriptSchema } from "../schemas/transcripts";
import type { LlmbarAnswer, LlmbarSubset } from "./llmbar";
import { IMPORT_TEST_FRACTION, type ImportPlan, type PlannedVersion } from "./plan";

/**
 * LLMBar in Gavel: one pairwise label set per subset (gold = the expert label, source "import"); one
 * judge per prompt strategy whose versions are the judge models (a new model is a new version), all on
 * the replay provider holding the recorded verdicts of both orders. A null winner is an error verdict.
 */
const RUBRICS: Record<string, string> = {
  "MT-Bench":
    "Which output is better? Gold: the majority vote of the MT-Bench expert judges (ties removed; LLMBar's processed MT-Bench sample of 200 items).",
  Natural:
    "Which output follows the instruction? Prioritise whether the output honestly, precisely and closely executes the instruction, then helpfulness, accuracy, level of detail and harmlessness; it should contain neither more nor less than the instruction asks for. Gold: LLMBar's expert-curated objective answer.",
};

const STRATEGIES: Record<string, string> = {
  Vanilla_NoRules: "the plain prompt: the instruction and the two outputs, and a request to name the better one",
  Metrics_Reference:
    "the LLMBar prompt that first has the judge write metrics (questions the output should satisfy) and a reference output, then choose",
};

/** Judge models in version order: ChatGPT first, so GPT-4 is the model upgrade of the same prompt. */
const MODEL_ORDER = ["ChatGPT", "GPT-4", "LLaMA2", "PaLM2"];
const UPGRADES: Record<string, string> = { "GPT-4": "ChatGPT" };

export const llmbarJudgeName = (strategy: string) => `llmbar-${strategy.toLowerCase().replace(/_/g, "-")}`;
export const llmbarLabelSetName = (subset: string) => `LLMBar ${subset}`;

export function llmbarTemplate(strategy: string): string {
  return [
    `LLMBar ${strategy}: ${STRATEGIES[strategy] ?? "an LLMBar prompting strategy"}.`,
    "The verdicts were recorded by the LLMBar authors (princeton-nlp/LLMBar) and are replayed, not re-asked.",
    "",
    "# Instruction:",
    "{{task_prompt}}",
    "",
    "# Output (a):",
    "{{output_a}}",
    "",
    "# Output (b):",
    "{{output_b}}",
    "",
    "# Which is better, Output (a) or Output (b)?",
  ].join("\n");
}

const modelRank = (model: string) => (MODEL_ORDER.includes(model) ? MODEL_ORDER.indexOf(model) : MODEL_ORDER.length);

export function planLlmbar(subsets: LlmbarSubset[]): ImportPlan {
  const plan: ImportPlan = { dataset: "llmbar", items: [], labelSets: [], raters: [], labels: [], versions: [], verdicts: [] };
  const itemIndex: number[][] = [];
  for (const subset of subsets) {
    const rubric = RUBRICS[subset.name] ?? "Which output follows the instruction better?";
    const indexes = subset.items.map((item, i) => {
      plan.items.push(
        newTranscriptSchema.parse({
          source: "llmbar",
          externalId: `${subset.name}/${i}`,
          kind: "pairwise",
          taskPrompt: item.input,
          rubric,
          content: { messages: [{ role: "user", content: item.input }], outputs: { a: item.output1, b: item.output2 } },
        }),
      );
      return plan.items.length - 1;
    });
    itemIndex.push(indexes);
    plan.labelSets.push({
      name: llmbarLabelSetName(subset.name),
      description: `LLMBar ${subset.name}: ${subset.items.length} pairwise items with a gold preference (A = output_1, B = output_2), imported from princeton-nlp/LLMBar.`,
      kind: "pairwise",
      rubric,
      reviewersPerItem: 1,
      testFraction: IMPORT_TEST_FRACTION,
      items: indexes,
      gold: subset.items.map((item) => ({ value: item.gold, score: null })),
    });
  }

  // One version per (strategy, model), shared by every subset that model judged.
  const keyOf = (strategy: string, model: string) => `${strategy}/${model}`;
  const pairs = [...new Map(subsets.flatMap((s) => s.evaluators.map((e) => [keyOf(e.strategy, e.judge), e] as const))).values()];
  pairs.sort((x, y) => x.strategy.localeCompare(y.strategy) || modelRank(x.judge) - modelRank(y.judge) || x.judge.localeCompare(y.judge));
  const versionIndex = new Map<string, number>();
  for (const { strategy, judge: model } of pairs) {
    const upgradeOf = UPGRADES[model];
    const parent = upgradeOf !== undefined ? versionIndex.get(keyOf(strategy, upgradeOf)) : undefined;
    const version: PlannedVersion = {
      judge: {
        name: llmbarJudgeName(strategy),
        kind: "pairwise",
        description: `LLMBar's ${strategy} prompt: ${STRATEGIES[strategy] ?? strategy}. Each version is one judge model, replaying its recorded verdicts.`,
      },
      spec: {
        provider: "replay",
        model,
        baseUrl: null,
        promptTemplate: llmbarTemplate(strategy),
        params: { temperature: 0, maxTokens: 512, seed: null },
        parser: "pairwise",
      },
      note: parent !== undefined ? `LLMBar ${model} verdicts; model upgrade from ${upgradeOf}` : `LLMBar ${model} verdicts`,
      parent: parent ?? null,
      labelSets: [],
    };
    versionIndex.set(keyOf(strategy, model), plan.versions.length);
    plan.versions.push(version);
  }

  subsets.forEach((subset, s) => {
    for (const evaluator of subset.evaluators) {
      const v = versionIndex.get(keyOf(evaluator.strategy, evaluator.judge))!;
      plan.versions[v]!.labelSets.push(s);
      evaluator.answers.forEach((answer, i) => {
        for (const [order, a] of [
          ["original", answer.original],
          ["swapped", answer.swapped],
        ] as const) {
          plan.verdicts.push({ version: v, item: itemIndex[s]![i]!, order, ...verdictOf(a) });
        }
      });
    }
  });
  return plan;
}

function verdictOf(answer: LlmbarAnswer) {
  const raw = JSON.stringify({ steps: answer.steps, completion: answer.completion });
  if (answer.winner === null) {
    return {
      status: "error" as const,
      value: null,
      score: null,
      reason: answer.completion,
      rawResponse: raw,
      error: "unparseable: the recorded completion names no winner (null in LLMBar's result.json)",
    };
  }
  return { status: "ok" as const, value: answer.winner, score: null, reason: answer.completion, rawResponse: raw, error: null };
}
