import "server-only";
import type { ImportPlan } from "../real-data/plan";
import {
  analyzeImported,
  readLabelSetForCalibration,
  readVersionCalibrationInputs,
  writeCalibrations,
  writeImportPlan,
  type ImportResult,
} from "../db/import-datasets";
import { boundedUnits, type Commits, type WriteUnit } from "../db/write-units";
import { buildCalibration, labelSetHash } from "../judges/calibration";
import { verbosityLength } from "../judges/transcript-input";
import { storeHannaAsPublished } from "./hanna-published";
import { storeHannaSummary } from "./real-data";

const SPLITS = ["test", "all"] as const;

export interface ImportOptions {
  onProgress?: (line: string) => void;
  calibrate?: boolean;
  /** "atomic" (the default: a person's import, nothing half-written) or "bounded" (the demo seeding): lib/db/write-units.ts. */
  commits?: Commits;
}

/**
 * Imports a judge-vs-human data set (LLMBar, HANNA): lib/db/import-datasets.ts writes the plan (in one
 * transaction unless the commits are bounded), then every judge version is calibrated against each of its
 * label sets (test split, which the gate reads, and the whole set), unless a calibration on the same gold
 * labels exists already; last, PostgreSQL's planner is given statistics for what was written
 * (analyzeImported says why).
 */
export async function importPlan(plan: ImportPlan, options: ImportOptions = {}): Promise<ImportResult> {
  const progress = options.onProgress ?? (() => undefined);
  const units = options.commits === "bounded" ? boundedUnits() : undefined;
  const result = await writeImportPlan(plan, { onProgress: progress, units });
  if (options.calibrate !== false) {
    progress(`${plan.dataset}: calibrating ${result.versions.length} judge versions`);
    result.counts.calibrations = await calibrateImported(result.versions, units);
  }
  await analyzeImported();
  return result;
}

/**
 * Calibrates each version on each of its label sets, on the test split (what the gate reads) and on
 * the whole set (the figure comparable with the papers), skipping any whose gold set it was already
 * calibrated on. Returns how many calibrations were created.
 */
export async function calibrateImported(versions: { id: string; labelSetIds: string[] }[], units?: WriteUnit): Promise<number> {
  let created = 0;
  const queueIds = [...new Set(versions.flatMap((v) => v.labelSetIds))];
  const loaded = new Map<string, Awaited<ReturnType<typeof readLabelSetForCalibration>>>();
  for (const queueId of queueIds) loaded.set(queueId, await readLabelSetForCalibration(queueId));
  for (const version of versions) {
    const { verdicts, calibrated } = await readVersionCalibrationInputs(version.id);
    const pending: Parameters<typeof writeCalibrations>[0] = [];
    for (const queueId of version.labelSetIds) {
      const q = loaded.get(queueId)!;
      const splitOf = new Map(q.gold.map((g) => [g.transcriptId, g.split]));
      for (const split of SPLITS) {
        const gold = split === "all" ? q.gold : q.gold.filter((g) => g.split === split);
        if (gold.length === 0) continue;
        if (calibrated.has(`${queueId}/${split}/${labelSetHash(gold)}`)) continue;
        const ids = new Set(gold.map((g) => g.transcriptId));
        const stats = buildCalibration({
          kind: q.kind,
          scale: q.scale,
          gold: gold.map((g) => ({ transcriptId: g.transcriptId, value: g.value, length: verbosityLength(q.kind, g.transcript) })),
          verdicts: verdicts.filter((v) => ids.has(v.transcriptId)),
          humanLabels: q.labels.filter((l) => ids.has(l.transcriptId)),
          // The one ceiling rule: the split's items and the queue's categories (an imported set has gold on every item).
          ceiling: {
            labels: split === "all" ? q.labels : q.labels.filter((l) => splitOf.get(l.transcriptId) === split),
            queueValues: q.labels.map((l) => l.value),
          },
        });
        pending.push({ judgeVersionId: version.id, queueId, split, stats, createdById: null });
      }
    }
    await writeCalibrations(pending, units);
    created += pending.length;
  }
  return created;
}

/** Reads, validates and imports an LLMBar folder (nothing is written when any file is bad). */
export async function importLlmbar(dir: string, options: ImportOptions = {}): Promise<ImportResult> {
  const { readLlmbar } = await import("../real-data/read");
  const { planLlmbar } = await import("../real-data/llmbar-plan");
  return importPlan(planLlmbar(readLlmbar(dir)), options);
}

/**
 * Reads, validates and imports HANNA's hanna_metric_scores_llm.csv, then stores what its page shows (its table and the
 * paper's figure recomputed), so that no page view pays for summarising what was just written.
 */
export async function importHanna(file: string, options: ImportOptions = {}): Promise<ImportResult> {
  const { readHanna } = await import("../real-data/read");
  const { planHanna } = await import("../real-data/hanna-plan");
  const result = await importPlan(planHanna(readHanna(file)), options);
  options.onProgress?.("HANNA: storing its page's summaries");
  await storeHannaSummary();
  await storeHannaAsPublished();
  return result;
}
