import { readFileSync } from "node:fs";
import { z } from "zod";
import { resolveJudgeVersionRef } from "../../db/judges";
import { findLabelSet } from "../../db/label-sets";
import { formatInterval, formatStat } from "../../judges/format";
import { tryDraftOnDev, workbenchLabelSets, type TryResult } from "../../judging/workbench";
import { UsageError } from "../exit";
import type { Logger } from "../logger";
import { parseFlags } from "../user-input";
import { userFacing } from "./judge-user-errors";

/**
 * `gavel judge try VERSION --dev`: a version, or a draft of it (another prompt, other worked examples), run on the
 * dev split of a label set and compared item by item with the version's own dev verdicts. Nothing is saved.
 */
const tryOptions = z.object({
  dev: z.literal(true, { error: "judge try runs on the dev split only (the test split is held out for calibration): pass --dev." }),
  queue: z.string().min(1).optional(),
  prompt: z.string().min(1).optional(),
  examples: z.string().optional(),
  subset: z.enum(["all", "misaligned"], { error: "--subset must be all or misaligned" }).default("all"),
  temperature: z.coerce.number().min(0).max(2, "--temperature must be between 0 and 2").optional(),
  concurrency: z.coerce.number().int().min(1).max(64).default(4),
  json: z.boolean().default(false),
});

export async function judgeTry(ref: string, raw: Record<string, unknown>, logger: Logger): Promise<TryResult> {
  const options = parseFlags(tryOptions, raw, "\n");
  let promptTemplate: string | undefined;
  if (options.prompt) {
    try {
      promptTemplate = readFileSync(options.prompt, "utf8");
    } catch {
      throw new UsageError(`--prompt ${options.prompt}: no such file (it holds the prompt template to try).`);
    }
  }
  const examples =
    options.examples === undefined
      ? undefined
      : options.examples
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
  return userFacing(async () => {
    const { version, queueId } = await devTarget(ref, options.queue);
    const result = await tryDraftOnDev({
      versionId: version.id,
      queueId,
      draft: { promptTemplate, examples, temperature: options.temperature },
      subset: options.subset,
      concurrency: options.concurrency,
    });
    logger.out(options.json ? JSON.stringify(result, null, 2) : tryText(result));
    return result;
  });
}

/** The version `ref` names and the label set whose dev split the workbench commands use with it. */
export async function devTarget(ref: string, queue: string | undefined) {
  const version = await resolveJudgeVersionRef(ref);
  return { version, queueId: await chooseLabelSet(version, queue) };
}

export async function chooseLabelSet(version: { parser: string }, name: string | undefined): Promise<string> {
  if (name) {
    const set = await findLabelSet(name);
    if (!set) throw new UsageError(`No label set "${name}".`);
    return set.id;
  }
  const sets = await workbenchLabelSets(version);
  if (sets.length === 1) return sets[0]!.id;
  throw new UsageError(
    sets.length === 0
      ? "No label set of this judge's kind has gold labels on its dev split yet."
      : `Several label sets have dev gold labels: name one with --queue (${sets.map((s) => s.name).join(", ")}).`,
  );
}

export function tryText(r: TryResult): string {
  const kappa = (label: string, report: TryResult["draft"]) =>
    `${label} κ ${formatStat(report.value)} (Wald 95% ${formatInterval(report.ci95 ? { low: report.ci95[0], high: report.ci95[1] } : null)}; bootstrap 95% ${formatInterval(report.bootstrap)}) on ${report.n} items`;
  const lines = [
    `${r.version.name} v${r.version.version} on the dev split of "${r.labelSet.name}": ${r.items} items, nothing saved.`,
    r.unchanged ? "  draft: the version itself (nothing changed)" : `  draft ${r.draftHash.slice(0, 12)}: ${r.changed.join("; ")}`,
    `  calls: ${r.calls.ok} ok, ${r.calls.skipped} skipped, ${r.calls.error} errors`,
    `  ${kappa("version", r.base)}`,
    `  ${kappa("draft  ", r.draft)}`,
    `  fixed ${r.counts.fixed} · broken ${r.counts.broken} · unchanged ${r.counts.unchanged} · changed, still wrong ${r.counts.changed_still_wrong} · not compared ${r.counts.not_compared}`,
    ...r.changes
      .filter((c) => c.change === "fixed" || c.change === "broken")
      .map((c) => `  ${c.change.padEnd(6)} ${c.transcriptId}  gold ${c.gold}  was ${c.before}  now ${c.after}`),
  ];
  return lines.join("\n");
}
