import "server-only";
import { HANNA_CRITERIA } from "../datasets/hanna";
import { hannaRaterEmail } from "../datasets/hanna-plan";
import { llmbarJudgeName, llmbarLabelSetName } from "../datasets/llmbar-plan";
import type { CalibrationStats } from "../judges/calibration";
import type { ItemKind } from "../items/kinds";
import type { GateInput, GatePolicy } from "../judges/gate";
import { leaveOneOutRho } from "../judges/human-ceiling";
import { accuracyByOrder, type OrderAccuracy } from "../judges/pairwise-orders";
import { gateCalibration } from "./calibrations";
import { db } from "./client";
import { getGatePolicy } from "./gate-policy";
import { currentLabelSetHash } from "./label-sets";

/**
 * What the judges page shows about the imported judge-vs-human data sets (LLMBar, HANNA), read: every
 * imported judge version on each of its label sets, with κ on the whole set, what the gate on the test
 * split reads (lib/judging/real-data.ts evaluates it), per-order accuracy and position consistency (pairwise), Spearman's ρ (graded) and the
 * human ceiling where the data have several raters per item.
 */
export interface CalibrationSummary {
  id: string;
  n: number;
  kappa: number | null;
  ci: [number, number] | null;
  errors: number;
  spearman: number | null;
}

export interface StoredJudgeRow {
  versionId: string;
  judgeName: string;
  version: number;
  model: string;
  note: string | null;
  parentId: string | null;
  queueId: string;
  queueName: string;
  all: CalibrationSummary | null;
  test: CalibrationSummary | null;
  /** What the gate on the test split reads (lib/judging/real-data.ts evaluates it). */
  gateInput: GateInput;
  /** Pairwise only. */
  orders: { original: OrderAccuracy; swapped: OrderAccuracy } | null;
  position: CalibrationStats["position"];
}

export interface StoredRealData {
  policy: GatePolicy;
  llmbar: {
    queues: { id: string; name: string }[];
    rows: StoredJudgeRow[];
    upgrade: { base: StoredJudgeRow; candidate: StoredJudgeRow } | null;
  };
  hanna: {
    criteria: {
      name: string;
      queueId: string | null;
      ceilingRho: number | null;
      ceilingN: number;
      humanAlpha: number | null;
      humanFleiss: number | null;
    }[];
    rows: StoredJudgeRow[];
  };
}

type CalRow = {
  id: string;
  judgeVersionId: string;
  queueId: string;
  split: string;
  labelSetHash: string;
  n: number;
  kappa: number | null;
  kappaCiLow: number | null;
  kappaCiHigh: number | null;
  tpr: number | null;
  tnr: number | null;
  spearman: number | null;
  errorCount: number;
  stats?: unknown;
};

const summary = (c: CalRow | undefined): CalibrationSummary | null =>
  c
    ? {
        id: c.id,
        n: c.n,
        kappa: c.kappa,
        ci: c.kappaCiLow !== null && c.kappaCiHigh !== null ? [c.kappaCiLow, c.kappaCiHigh] : null,
        errors: c.errorCount,
        spearman: c.spearman,
      }
    : null;

/** The newest calibration per (version, label set). Rows come newest first. */
function newest(rows: CalRow[]): Map<string, CalRow> {
  const map = new Map<string, CalRow>();
  for (const row of rows) {
    const key = `${row.judgeVersionId}/${row.queueId}`;
    if (!map.has(key)) map.set(key, row);
  }
  return map;
}

const CAL_SELECT = {
  id: true,
  judgeVersionId: true,
  queueId: true,
  split: true,
  labelSetHash: true,
  n: true,
  kappa: true,
  kappaCiLow: true,
  kappaCiHigh: true,
  tpr: true,
  tnr: true,
  spearman: true,
  errorCount: true,
} as const;

const REAL_DATA_QUEUES = { OR: [{ name: { startsWith: "LLMBar " } }, { name: { startsWith: "HANNA " } }], archivedAt: null };

/** Which imported data sets are there (their label sets by name): what the Judges overview links to, in one read. */
export async function importedRealData(): Promise<{ llmbar: string[]; hanna: string[] }> {
  const queues = await db().labelQueue.findMany({ where: REAL_DATA_QUEUES, orderBy: { name: "asc" }, select: { name: true, kind: true } });
  return {
    llmbar: queues.filter((q) => q.name.startsWith("LLMBar ") && q.kind === "pairwise").map((q) => q.name),
    hanna: queues.filter((q) => q.name.startsWith("HANNA ") && q.kind === "graded").map((q) => q.name),
  };
}

/**
 * Everything readRealData reads can only change through a write these few aggregates see: a queue
 * renamed, archived or given a new rubric (updatedAt), an item added, a calibration made, a label
 * made or changed, a gold label or verdict added, or any audited write (adjudication replaces a gold label in
 * place, and is audited); the gate policy is part of the answer. Reading them costs a few indexed
 * queries instead of every HANNA label, every LLMBar verdict and 264 calibrations' statistics.
 */
async function realDataFingerprint(): Promise<string> {
  const client = db();
  const queues = await client.labelQueue.findMany({
    where: REAL_DATA_QUEUES,
    orderBy: { id: "asc" },
    select: { id: true, updatedAt: true, rubricVersion: true },
  });
  const queueId = { in: queues.map((q) => q.id) };
  const [policy, items, calibrations, labels, gold, verdicts, versions, audit] = await Promise.all([
    getGatePolicy(),
    client.queueItem.count({ where: { queueId } }),
    client.calibration.aggregate({ where: { queueId }, _count: true, _max: { createdAt: true } }),
    client.label.aggregate({ where: { queueId }, _count: true, _max: { updatedAt: true } }),
    client.goldLabel.count({ where: { queueId } }),
    // All verdicts, not only LLMBar's: a join to filter them costs more than the whole read it saves.
    // A verdict replaced in place is a re-run, which ends in a calibration (counted above).
    client.judgeVerdict.aggregate({ _count: true, _max: { createdAt: true } }),
    client.judgeVersion.aggregate({ _count: true, _max: { createdAt: true } }),
    client.auditEvent.findFirst({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } }),
  ]);
  return JSON.stringify([queues, policy, items, calibrations, labels, gold, verdicts, versions, audit?.id ?? null]);
}

let cached: { fingerprint: string; data: Promise<StoredRealData> } | null = null;

/** The imported data sets as the judges page shows them, read again only when the fingerprint above moves. */
export async function readRealData(): Promise<StoredRealData> {
  const fingerprint = await realDataFingerprint();
  if (cached?.fingerprint !== fingerprint) {
    const data = readRealDataNow();
    cached = { fingerprint, data };
    // A failed read is not kept: the next request tries again.
    data.catch(() => {
      if (cached?.data === data) cached = null;
    });
  }
  return cached.data;
}

async function readRealDataNow(): Promise<StoredRealData> {
  const client = db();
  const policy = await getGatePolicy();
  const queues = await client.labelQueue.findMany({
    where: REAL_DATA_QUEUES,
    orderBy: { name: "asc" },
    select: { id: true, name: true, kind: true },
  });
  const llmbarQueues = queues.filter((q) => q.name.startsWith("LLMBar ") && q.kind === "pairwise");
  const hannaQueues = queues.filter((q) => q.name.startsWith("HANNA ") && q.kind === "graded");
  const ids = queues.map((q) => q.id);
  const order = [{ createdAt: "desc" as const }, { id: "desc" as const }];
  const llmbarIds = llmbarQueues.map((q) => q.id);
  const hannaIds = hannaQueues.map((q) => q.id);
  const [llmbarCals, hannaTest, hannaAll, currentHashes] = await Promise.all([
    client.calibration.findMany({
      where: { queueId: { in: llmbarIds }, split: { in: ["test", "all"] } },
      orderBy: order,
      select: { ...CAL_SELECT, stats: true },
    }),
    client.calibration.findMany({
      where: { queueId: { in: hannaIds }, split: "test" },
      orderBy: order,
      select: { ...CAL_SELECT, stats: true },
    }),
    client.calibration.findMany({ where: { queueId: { in: hannaIds }, split: "all" }, orderBy: order, select: CAL_SELECT }),
    Promise.all(ids.map(async (id) => [id, await currentLabelSetHash(id, "test")] as const)),
  ]);
  const current = new Map(currentHashes);
  const testOf = newest([...llmbarCals.filter((c) => c.split === "test"), ...hannaTest]);
  const allOf = newest([...llmbarCals.filter((c) => c.split === "all"), ...hannaAll]);
  const versionIds = [...new Set([...testOf.values(), ...allOf.values()].map((c) => c.judgeVersionId))];
  const versions = await client.judgeVersion.findMany({
    where: { id: { in: versionIds } },
    include: { judge: { select: { name: true, kind: true } } },
    orderBy: [{ judge: { name: "asc" } }, { version: "asc" }],
  });

  // Per-order accuracy needs every verdict of the LLMBar versions (two per item).
  const llmbarVersionIds = versions.filter((v) => v.judge.kind === "pairwise").map((v) => v.id);
  const [verdicts, llmbarGold] = await Promise.all([
    client.judgeVerdict.findMany({
      where: { judgeVersionId: { in: llmbarVersionIds }, transcript: { source: "llmbar" } },
      select: { judgeVersionId: true, transcriptId: true, order: true, repeat: true, status: true, value: true },
    }),
    client.goldLabel.findMany({ where: { queueId: { in: llmbarIds } }, select: { queueId: true, transcriptId: true, value: true } }),
  ]);

  const rowsFor = (qs: { id: string; name: string }[]) =>
    versions.flatMap((v) =>
      qs.flatMap((q): StoredJudgeRow[] => {
        const key = `${v.id}/${q.id}`;
        const test = testOf.get(key);
        const all = allOf.get(key);
        if (!test && !all) return [];
        const kind = v.judge.kind as ItemKind;
        const gateInput: GateInput = {
          kind,
          calibration: test ? gateCalibration({ ...test, stats: test.stats }) : null,
          currentLabelSetHash: current.get(q.id) ?? null,
        };
        let orders: StoredJudgeRow["orders"] = null;
        let position: StoredJudgeRow["position"] = null;
        if (kind === "pairwise") {
          const gold = llmbarGold.filter((g) => g.queueId === q.id);
          const goldIds = new Set(gold.map((g) => g.transcriptId));
          orders = accuracyByOrder(
            gold,
            verdicts.filter((x) => x.judgeVersionId === v.id && goldIds.has(x.transcriptId)),
          );
          position = (all?.stats as CalibrationStats | undefined)?.position ?? null;
        }
        return [
          {
            versionId: v.id,
            judgeName: v.judge.name,
            version: v.version,
            model: v.model,
            note: v.note,
            parentId: v.parentId,
            queueId: q.id,
            queueName: q.name,
            all: summary(all),
            test: summary(test),
            gateInput,
            orders,
            position,
          },
        ];
      }),
    );

  const llmbarRows = rowsFor(llmbarQueues);
  // The model upgrade: a version whose parent is another version of the same judge, on the same label
  // set; the plain prompt on MT-Bench (ChatGPT → GPT-4) first.
  const rank = (r: StoredJudgeRow) =>
    (r.judgeName === llmbarJudgeName("Vanilla_NoRules") ? 0 : 1) + (r.queueName === llmbarLabelSetName("MT-Bench") ? 0 : 2);
  const candidate = llmbarRows
    .filter((r) => r.parentId && llmbarRows.some((b) => b.versionId === r.parentId && b.queueId === r.queueId))
    .sort((x, y) => rank(x) - rank(y))[0];
  const base = candidate ? llmbarRows.find((b) => b.versionId === candidate.parentId && b.queueId === candidate.queueId) : undefined;

  const hannaRows = rowsFor(hannaQueues);
  const criteria = await Promise.all(
    HANNA_CRITERIA.map(async ({ name }) => {
      const queue = hannaQueues.find((q) => q.name === `HANNA ${name}`);
      if (!queue) return { name, queueId: null, ceilingRho: null, ceilingN: 0, humanAlpha: null, humanFleiss: null };
      const labels = await client.label.findMany({
        where: { queueId: queue.id },
        select: { transcriptId: true, score: true, value: true, reviewer: { select: { email: true } } },
      });
      const raterIndex = new Map([1, 2, 3].map((r) => [hannaRaterEmail(r), r - 1]));
      const byItem = new Map<string, number[]>();
      for (const label of labels) {
        const r = raterIndex.get(label.reviewer.email);
        if (r === undefined) continue;
        const list = byItem.get(label.transcriptId) ?? [];
        list[r] = label.score ?? Number(label.value);
        byItem.set(label.transcriptId, list);
      }
      const ceiling = leaveOneOutRho([...byItem.values()].filter((v) => v.filter((x) => x !== undefined).length === 3));
      const anyTest = hannaTest.find((c) => c.queueId === queue.id);
      const human = (anyTest?.stats as CalibrationStats | undefined)?.human;
      return {
        name,
        queueId: queue.id,
        ceilingRho: ceiling.rho,
        ceilingN: ceiling.n,
        humanAlpha: human?.krippendorffAlpha ?? null,
        humanFleiss: human?.fleissKappa ?? null,
      };
    }),
  );

  return {
    policy,
    llmbar: { queues: llmbarQueues, rows: llmbarRows, upgrade: candidate && base ? { base, candidate } : null },
    hanna: { criteria, rows: hannaRows },
  };
}
