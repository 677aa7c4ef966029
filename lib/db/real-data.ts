import "server-only";
import { HANNA_CRITERIA } from "../real-data/hanna";
import { hannaRaterEmail } from "../real-data/hanna-plan";
import type { CalibrationStats } from "../judges/calibration";
import { itemKind, type ItemKind } from "../items/kinds";
import type { GateInput, GatePolicy } from "../judges/gate";
import type { OrderVerdict } from "../judges/pairwise-orders";
import { CALIBRATION_FIGURES_SELECT, gateCalibration, type CalibrationColumns } from "./calibrations";
import { db } from "./client";
import { getGatePolicy } from "./gate-policy";
import { labelSetsNow } from "./label-sets";

/**
 * What the judges page shows about the imported judge-vs-human data sets (LLMBar, HANNA), read: every
 * imported judge version on each of its label sets, with κ on the whole set, what the gate on the test
 * split reads, position consistency (pairwise) and Spearman's ρ (graded) as stored, and the raw evidence the
 * rest is computed from: LLMBar's verdicts in both orders and gold labels, HANNA's three raters' scores.
 * lib/judging/real-data.ts decides with them (the gate, per-order accuracy, the human ceiling, the upgrade shown).
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
  /** Pairwise only: position consistency, as the whole-set calibration stored it. */
  position: CalibrationStats["position"];
}

export interface StoredLlmbar {
  policy: GatePolicy;
  llmbar: {
    queues: { id: string; name: string }[];
    rows: StoredJudgeRow[];
    /** Every verdict of the pairwise versions on LLMBar's items (both orders), for per-order accuracy. */
    verdicts: (OrderVerdict & { judgeVersionId: string })[];
    gold: { queueId: string; transcriptId: string; value: string }[];
  };
}

export interface StoredHanna {
  policy: GatePolicy;
  hanna: {
    criteria: {
      name: string;
      queueId: string | null;
      /** ratings[item] = the three raters' scores in rater order, for the items all three rated. */
      ratings: number[][];
      humanAlpha: number | null;
      humanFleiss: number | null;
    }[];
    rows: StoredJudgeRow[];
  };
}

type CalRow = Omit<CalibrationColumns, "stats"> & { spearman: number | null; errorCount: number; stats?: unknown };

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
  ...CALIBRATION_FIGURES_SELECT,
  spearman: true,
  errorCount: true,
} as const;

const REAL_DATA_QUEUES = { OR: [{ name: { startsWith: "LLMBar " } }, { name: { startsWith: "HANNA " } }], archivedAt: null };
const LLMBAR_QUEUES = { name: { startsWith: "LLMBar " }, kind: "pairwise" as const, archivedAt: null };
const HANNA_QUEUES = { name: { startsWith: "HANNA " }, kind: "graded" as const, archivedAt: null };

/** Which imported data sets are there (their label sets by name): what the Judges overview links to, in one read. */
export async function importedRealData(): Promise<{ llmbar: string[]; hanna: string[] }> {
  const queues = await db().labelQueue.findMany({ where: REAL_DATA_QUEUES, orderBy: { name: "asc" }, select: { name: true, kind: true } });
  return {
    llmbar: queues.filter((q) => q.name.startsWith("LLMBar ") && q.kind === LLMBAR_QUEUES.kind).map((q) => q.name),
    hanna: queues.filter((q) => q.name.startsWith("HANNA ") && q.kind === HANNA_QUEUES.kind).map((q) => q.name),
  };
}

/**
 * What each data set's page shows can only change through a write these few aggregates see: one of its queues
 * renamed, archived or given a new rubric (updatedAt), an item added, a calibration made, a gold label added,
 * a judge version made, or any audited write (adjudication replaces a gold label in place, and is audited); the
 * gate policy is part of the answer. LLMBar adds its versions' verdicts (per-order accuracy reads them), HANNA its
 * raters' labels (the human ceiling reads them). Reading them costs a few indexed queries instead of every HANNA
 * label, every LLMBar verdict and the calibrations' statistics; each page pays only for its own set.
 */
async function fingerprint(where: typeof LLMBAR_QUEUES | typeof HANNA_QUEUES, set: "llmbar" | "hanna"): Promise<string> {
  const client = db();
  const queues = await client.labelQueue.findMany({
    where,
    orderBy: { id: "asc" },
    select: { id: true, updatedAt: true, rubricVersion: true },
  });
  const queueId = { in: queues.map((q) => q.id) };
  const [policy, items, calibrations, gold, versions, audit, own] = await Promise.all([
    getGatePolicy(),
    client.queueItem.count({ where: { queueId } }),
    client.calibration.aggregate({ where: { queueId }, _count: true, _max: { createdAt: true } }),
    client.goldLabel.count({ where: { queueId } }),
    client.judgeVersion.aggregate({ _count: true, _max: { createdAt: true } }),
    client.auditEvent.findFirst({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } }),
    set === "hanna"
      ? client.label.aggregate({ where: { queueId }, _count: true, _max: { updatedAt: true } })
      : // The verdicts of the versions calibrated on these sets, found through their index (a verdict replaced in
        // place is a re-run, which ends in a calibration, counted above).
        client.calibration.findMany({ where: { queueId }, distinct: ["judgeVersionId"], select: { judgeVersionId: true } }).then((rows) =>
          client.judgeVerdict.aggregate({
            where: { judgeVersionId: { in: rows.map((r) => r.judgeVersionId) } },
            _count: true,
            _max: { createdAt: true },
          }),
        ),
  ]);
  return JSON.stringify([queues, policy, items, calibrations, gold, versions, audit?.id ?? null, own]);
}

/** A read kept while its fingerprint holds; a failed read is not kept (the next request tries again). */
function cachedBy<T>(print: () => Promise<string>, read: () => Promise<T>): () => Promise<T> {
  let cached: { fingerprint: string; data: Promise<T> } | null = null;
  return async () => {
    const fingerprint = await print();
    if (cached?.fingerprint !== fingerprint) {
      const data = read();
      cached = { fingerprint, data };
      data.catch(() => {
        if (cached?.data === data) cached = null;
      });
    }
    return cached.data;
  };
}

/** LLMBar as its page shows it, read again only when its fingerprint moves. */
export const readLlmbar = cachedBy(
  () => fingerprint(LLMBAR_QUEUES, "llmbar"),
  () => readLlmbarNow(),
);

/**
 * What HANNA's page shows can only have changed when this moves (lib/judging/real-data.ts keeps HANNA's summary,
 * stored, under it).
 */
export const hannaFingerprint = () => fingerprint(HANNA_QUEUES, "hanna");

const ORDER = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** The newest test and whole-set calibration of every version on these sets, the versions, and each set's gold hash now. */
async function readCalibrated(queueIds: string[], statsOfAll: boolean) {
  const client = db();
  const [test, all, current] = await Promise.all([
    client.calibration.findMany({
      where: { queueId: { in: queueIds }, split: "test" },
      orderBy: ORDER,
      select: { ...CAL_SELECT, stats: true },
    }),
    statsOfAll
      ? client.calibration.findMany({
          where: { queueId: { in: queueIds }, split: "all" },
          orderBy: ORDER,
          select: { ...CAL_SELECT, stats: true },
        })
      : client.calibration.findMany({ where: { queueId: { in: queueIds }, split: "all" }, orderBy: ORDER, select: CAL_SELECT }),
    labelSetsNow(queueIds, "test"),
  ]);
  const testOf = newest(test);
  const allOf = newest(all);
  const versionIds = [...new Set([...testOf.values(), ...allOf.values()].map((c) => c.judgeVersionId))];
  const versions = await client.judgeVersion.findMany({
    where: { id: { in: versionIds } },
    include: { judge: { select: { name: true, kind: true } } },
    orderBy: [{ judge: { name: "asc" } }, { version: "asc" }],
  });
  return { test, testOf, allOf, versions, currentHash: (queueId: string) => current.get(queueId)?.hash ?? null };
}

type Calibrated = Awaited<ReturnType<typeof readCalibrated>>;

/** One row per (version, label set) with a calibration; `extra` adds what a data set shows beyond κ and the gate. */
function rowsFor(
  { versions, testOf, allOf, currentHash }: Calibrated,
  queues: { id: string; name: string }[],
  extra: (version: Calibrated["versions"][number], all: CalRow | undefined) => Pick<StoredJudgeRow, "position">,
): StoredJudgeRow[] {
  return versions.flatMap((v) =>
    queues.flatMap((q): StoredJudgeRow[] => {
      const key = `${v.id}/${q.id}`;
      const test = testOf.get(key);
      const all = allOf.get(key);
      if (!test && !all) return [];
      const gateInput: GateInput = {
        kind: v.judge.kind as ItemKind,
        calibration: test ? gateCalibration({ ...test, stats: test.stats }) : null,
        currentLabelSetHash: currentHash(q.id),
      };
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
          ...extra(v, all),
        },
      ];
    }),
  );
}

async function readLlmbarNow(): Promise<StoredLlmbar> {
  const client = db();
  const [policy, queues] = await Promise.all([
    getGatePolicy(),
    client.labelQueue.findMany({ where: LLMBAR_QUEUES, orderBy: { name: "asc" }, select: { id: true, name: true } }),
  ]);
  const ids = queues.map((q) => q.id);
  const calibrated = await readCalibrated(ids, true);
  // Per-order accuracy needs every verdict of the LLMBar versions (two per item).
  const versionIds = calibrated.versions.filter((v) => itemKind(v.judge.kind).outputs === 2).map((v) => v.id);
  const [verdicts, gold] = await Promise.all([
    client.judgeVerdict.findMany({
      where: { judgeVersionId: { in: versionIds }, transcript: { source: "llmbar" } },
      select: { judgeVersionId: true, transcriptId: true, order: true, repeat: true, status: true, value: true },
    }),
    client.goldLabel.findMany({ where: { queueId: { in: ids } }, select: { queueId: true, transcriptId: true, value: true } }),
  ]);
  const rows = rowsFor(calibrated, queues, (v, all) => ({
    position: itemKind(v.judge.kind).outputs === 2 ? ((all?.stats as CalibrationStats | undefined)?.position ?? null) : null,
  }));
  return { policy, llmbar: { queues, rows, verdicts, gold } };
}

/** HANNA as its page shows it, read now: every calibrated row and each criterion's three raters' scores. */
export async function readHanna(): Promise<StoredHanna> {
  const client = db();
  const [policy, queues] = await Promise.all([
    getGatePolicy(),
    client.labelQueue.findMany({ where: HANNA_QUEUES, orderBy: { name: "asc" }, select: { id: true, name: true } }),
  ]);
  const calibrated = await readCalibrated(
    queues.map((q) => q.id),
    false,
  );
  const rows = rowsFor(calibrated, queues, () => ({ position: null }));
  const criteria = await Promise.all(
    HANNA_CRITERIA.map(async ({ name }) => {
      const queue = queues.find((q) => q.name === `HANNA ${name}`);
      if (!queue) return { name, queueId: null, ratings: [], humanAlpha: null, humanFleiss: null };
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
      const ratings = [...byItem.values()].filter((v) => v.filter((x) => x !== undefined).length === 3);
      const anyTest = calibrated.test.find((c) => c.queueId === queue.id);
      const human = (anyTest?.stats as CalibrationStats | undefined)?.human;
      return {
        name,
        queueId: queue.id,
        ratings,
        humanAlpha: human?.krippendorffAlpha ?? null,
        humanFleiss: human?.fleissKappa ?? null,
      };
    }),
  );
  return { policy, hanna: { criteria, rows } };
}
