import { z } from "zod";
import { MAX_CANDIDATES } from "../../judges/improve";
import { improveJudge, type ImproveReport } from "../../judging/improve";
import { UsageError } from "../exit";
import type { Logger } from "../logger";
import { parseFlags } from "../user-input";
import { userFacing } from "./judge-user-errors";
import { devTarget } from "./judge-try";

/**
 * `gavel judge improve VERSION --candidates N --budget USD`: a model proposes N revised prompts from the dev split's
 * misaligned items, each is run on the dev split, and the best that beats the version is kept as an unapproved
 * version. The estimate is printed before any call; above the budget nothing starts.
 */
const improveOptions = z.object({
  candidates: z.coerce
    .number({ error: "--candidates must be a whole number" })
    .int("--candidates must be a whole number")
    .min(1, "--candidates must be at least 1")
    .max(MAX_CANDIDATES, `--candidates must be at most ${MAX_CANDIDATES}`),
  budget: z.coerce.number({ error: "--budget is required: the most the loop may spend, in USD" }).min(0, "--budget cannot be negative"),
  seed: z.coerce.number().int("--seed must be a whole number").default(0),
  model: z.string().min(1).optional(),
  temperature: z.coerce.number().min(0).max(2, "--temperature must be between 0 and 2").optional(),
  queue: z.string().min(1).optional(),
  record: z.string().min(1).optional(),
  replay: z.string().min(1).optional(),
  estimate: z.boolean().default(false),
  json: z.boolean().default(false),
});

export async function judgeImprove(ref: string, raw: Record<string, unknown>, logger: Logger): Promise<ImproveReport> {
  if (raw.budget === undefined)
    throw new UsageError("--budget is required: the most the loop may spend, in USD (0 for a local or recorded model).");
  const options = parseFlags(improveOptions, raw, "\n");
  return userFacing(async () => {
    const { version, queueId } = await devTarget(ref, options.queue);
    const report = await improveJudge({
      versionId: version.id,
      queueId,
      candidates: options.candidates,
      budgetUsd: options.budget,
      seed: options.seed,
      model: options.model,
      temperature: options.temperature,
      record: options.record,
      replay: options.replay,
      estimateOnly: options.estimate,
      // The estimate and progress on stderr: stdout stays the result (one JSON document with --json).
      onProgress: (line) => logger.info(line),
    });
    logger.out(options.json ? JSON.stringify(report, null, 2) : improveText(report));
    return report;
  });
}

export function improveText(r: ImproveReport): string {
  const kappa = (k: number | null) => (k === null ? "undefined" : k.toFixed(3));
  return [
    `${r.version.name} v${r.version.version} on the dev split of "${r.labelSet.name}": κ ${kappa(r.baseKappa)}, ${r.misaligned} misaligned of ${r.devItems}; seed ${r.seed}.`,
    ...r.candidates.map(
      (c) =>
        `  candidate ${c.k}: ${c.template === null ? `not usable (${c.problem})` : `κ ${kappa(c.kappa)} · fixed ${c.fixed} · broken ${c.broken} · ${c.hash!.slice(0, 12)}`}`,
    ),
    `  spent $${r.spentUsd.toFixed(4)} of $${r.budgetUsd.toFixed(4)}${r.stopped ? ` (${r.stopped})` : ""}`,
    r.saved
      ? `  kept candidate ${r.best!.k} as v${r.saved.version} (${r.saved.hash.slice(0, 12)}${r.saved.created ? "" : ", already saved before"}): unapproved, it gates nothing until calibrated on test and approved`
      : r.candidates.length > 0
        ? "  no candidate beat the version: nothing saved"
        : "  estimate only: nothing called, nothing saved",
  ].join("\n");
}
