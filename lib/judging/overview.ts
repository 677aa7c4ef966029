import "server-only";
import { listJudgesPage } from "../db/judges";
import { loadJudgeStatuses } from "./approvals";

/**
 * The Judges overview, one page of judges at a time (by name, optionally filtered): per judge, its newest
 * version and every version that gates or was ever approved, each with its state and the stored test
 * calibration its gate reads. A fixed number of reads per page, whatever the number of judges on it.
 */
export const OVERVIEW_PAGE_SIZE = 25;

export async function judgeOverview(options: { page?: number; query?: string } = {}) {
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const { judges, total } = await listJudgesPage({ query: options.query, skip: (page - 1) * OVERVIEW_PAGE_SIZE, take: OVERVIEW_PAGE_SIZE });
  const shown = judges.map((judge) => ({ judge, versions: judge.versions.filter((v, i) => i === 0 || v._count.approvals > 0) }));
  const statuses = await loadJudgeStatuses(shown.flatMap(({ versions }) => versions.map((v) => v.id)));
  const rows = shown.map(({ judge, versions }) => ({
    judge: { id: judge.id, name: judge.name, kind: judge.kind, versionCount: judge.versions.length },
    rows: versions.flatMap((version) => {
      const read = statuses.get(version.id);
      // A version deleted between the two reads is left out.
      return read ? [{ version, status: read.status, calibration: read.calibration, latest: version.id === judge.versions[0]!.id }] : [];
    }),
  }));
  return { judges: rows, total, page, pageSize: OVERVIEW_PAGE_SIZE };
}
