import "server-only";
import { llmbarJudgeName, llmbarLabelSetName } from "../real-data/llmbar-plan";
import { hannaFingerprint, readHanna, readLlmbar, type StoredHanna, type StoredJudgeRow, type StoredLlmbar } from "../db/real-data";
import { storedSummary } from "../db/stored-summaries";
import { evaluateGate, type GatePolicy, type GateResult } from "../judges/gate";
import { itemKind } from "../items/kinds";
import { accuracyByOrder, type OrderAccuracy } from "../judges/pairwise-orders";
import { leaveOneOutRho } from "../stats";

/**
 * The imported data sets' pages (LLMBar, HANNA): read through lib/db/real-data.ts (kept while nothing it reads
 * changed), then decided here — each row's gate on its test split, LLMBar's per-order accuracy and the model upgrade
 * it shows, HANNA's leave-one-out human ceiling. A kept read gives the same decided object (computed once). HANNA's
 * read is summarised (its 17,000 ratings to six ceilings) and the summary stored (lib/db/stored-summaries.ts).
 */

/** One imported judge version on one label set, with the gate on its test split evaluated. */
export type RealJudgeRow = Omit<StoredJudgeRow, "gateInput"> & {
  gate: GateResult;
  /** Pairwise only: accuracy in each order against the gold labels. */
  orders: { original: OrderAccuracy; swapped: OrderAccuracy } | null;
};

export interface RealData {
  policy: GatePolicy;
  llmbar: {
    queues: StoredLlmbar["llmbar"]["queues"];
    rows: RealJudgeRow[];
    upgrade: { base: RealJudgeRow; candidate: RealJudgeRow } | null;
  };
  hanna: {
    criteria: (Omit<StoredHanna["hanna"]["criteria"][number], "ratings"> & { ceilingRho: number | null; ceilingN: number })[];
    rows: RealJudgeRow[];
  };
}

/** The row with its gate evaluated under the policy; `orders` for a pairwise row on LLMBar. */
function decideRow(policy: GatePolicy, stored: StoredJudgeRow, orders: RealJudgeRow["orders"] = null): RealJudgeRow {
  const { gateInput, ...row } = stored;
  return { ...row, gate: evaluateGate(policy, gateInput), orders };
}

/**
 * The model upgrade LLMBar's page shows: a version whose parent is another version of the same judge, on the same
 * label set; the plain prompt on MT-Bench (ChatGPT → GPT-4) first.
 */
export function pickUpgrade(rows: readonly RealJudgeRow[]): RealData["llmbar"]["upgrade"] {
  const rank = (r: RealJudgeRow) =>
    (r.judgeName === llmbarJudgeName("Vanilla_NoRules") ? 0 : 1) + (r.queueName === llmbarLabelSetName("MT-Bench") ? 0 : 2);
  const candidate = rows
    .filter((r) => r.parentId && rows.some((b) => b.versionId === r.parentId && b.queueId === r.queueId))
    .sort((x, y) => rank(x) - rank(y))[0];
  const base = candidate ? rows.find((b) => b.versionId === candidate.parentId && b.queueId === candidate.queueId) : undefined;
  return candidate && base ? { base, candidate } : null;
}

function decideLlmbar({ policy, llmbar }: StoredLlmbar): Pick<RealData, "policy" | "llmbar"> {
  const rows = llmbar.rows.map((stored) => {
    if (itemKind(stored.gateInput.kind).outputs !== 2) return decideRow(policy, stored);
    const onSet = llmbar.gold.filter((g) => g.queueId === stored.queueId);
    const goldIds = new Set(onSet.map((g) => g.transcriptId));
    const verdicts = llmbar.verdicts.filter((v) => v.judgeVersionId === stored.versionId && goldIds.has(v.transcriptId));
    return decideRow(policy, stored, accuracyByOrder(onSet, verdicts));
  });
  return { policy, llmbar: { queues: llmbar.queues, rows, upgrade: pickUpgrade(rows) } };
}

/** HANNA as stored: each criterion's ratings summarised to its human ceiling; the gates are evaluated on each read. */
export interface HannaSummary {
  policy: GatePolicy;
  hanna: { criteria: RealData["hanna"]["criteria"]; rows: StoredJudgeRow[] };
}

export function summariseHanna({ policy, hanna }: StoredHanna): HannaSummary {
  return {
    policy,
    hanna: {
      criteria: hanna.criteria.map(({ ratings, ...criterion }) => {
        const ceiling = leaveOneOutRho(ratings);
        return { ...criterion, ceilingRho: ceiling.rho, ceilingN: ceiling.n };
      }),
      rows: hanna.rows,
    },
  };
}

function decideHanna({ policy, hanna }: HannaSummary): Pick<RealData, "policy" | "hanna"> {
  return { policy, hanna: { criteria: hanna.criteria, rows: hanna.rows.map((stored) => decideRow(policy, stored)) } };
}

/** Version 1: summariseHanna over readHanna. Bump it when either changes what the summary holds. */
const hannaSummary = storedSummary("hanna", {
  version: 1,
  fingerprint: hannaFingerprint,
  compute: async () => summariseHanna(await readHanna()),
});

/** Decides a stored read once: the same stored object (a read kept by its fingerprint) gives the same answer. */
function once<S extends object, D>(decide: (stored: S) => D): (stored: S) => D {
  const decided = new WeakMap<S, D>();
  return (stored) => {
    const known = decided.get(stored);
    if (known) return known;
    const result = decide(stored);
    decided.set(stored, result);
    return result;
  };
}

const llmbarOnce = once(decideLlmbar);
const hannaOnce = once(decideHanna);

/** LLMBar's page: every imported version on each label set, its gate evaluated, its per-order accuracy, the upgrade. */
export async function loadLlmbarData(): Promise<Pick<RealData, "policy" | "llmbar">> {
  return llmbarOnce(await readLlmbar());
}

/** HANNA's page: every imported version on each criterion, its gate evaluated, and the human ceilings. */
export async function loadHannaData(): Promise<Pick<RealData, "policy" | "hanna">> {
  return hannaOnce(await hannaSummary.get());
}

/** Stores HANNA's summary unless the stored one is current: the import calls it, so no page view computes it. */
export function storeHannaSummary(): Promise<void> {
  return hannaSummary.refresh();
}
