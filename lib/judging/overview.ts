import "server-only";
import { listJudgesPage } from "../db/judges";
import { DATASET_JUDGE_PREFIXES, pickShownVersion } from "../judges/overview-pick";
import { loadJudgeStatuses } from "./approvals";

/**
 * The Judges overview, one page of judges at a time (by name, optionally filtered): per judge, its newest
 * version and every version that gates or was ever approved, each with its state and the stored test
 * calibration its gate reads. A fixed number of reads per page, whatever the number of judges on it.
 */
export const OVERVIEW_PAGE_SIZE = 25;

/** all: every judge; yours: leave out the judges the published data sets (LLMBar, HANNA) bring; datasets: only those. */
export type JudgeOrigin = "all" | "yours" | "datasets";

export async function judgeOverview(options: { page?: number; query?: string; origin?: JudgeOrigin } = {}) {
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const { judges, total } = await listJudgesPage({
    query: options.query,
    skip: (page - 1) * OVERVIEW_PAGE_SIZE,
    take: OVERVIEW_PAGE_SIZE,
    namePrefixes:
      options.origin && options.origin !== "all" ? { prefixes: DATASET_JUDGE_PREFIXES, include: options.origin === "datasets" } : undefined,
  });
  const statuses = await loadJudgeStatuses(judges.flatMap((judge) => judge.versions.map((v) => v.id)));
  const rows = judges.map((judge) => {
    // A version deleted between the two reads is left out.
    const all = judge.versions.flatMap((version) => {
      const read = statuses.get(version.id);
      return read ? [{ version, status: read.status, calibration: read.calibration, latest: version.id === judge.versions[0]!.id }] : [];
    });
    const shown = pickShownVersion(
      all.map((r) => ({ ...r, version: r.version.version, state: r.status.state, kappa: r.calibration?.kappa ?? null, row: r })),
    )?.row;
    return {
      judge: { id: judge.id, name: judge.name, kind: judge.kind, versionCount: judge.versions.length },
      rows: shown ? [shown, ...all.filter((r) => r !== shown)] : [],
    };
  });
  return { judges: rows, total, page, pageSize: OVERVIEW_PAGE_SIZE };
}
