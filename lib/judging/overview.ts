import "server-only";
import { GATE_SPLIT } from "../db/approvals";
import { latestCalibration } from "../db/calibrations";
import { db } from "../db/client";
import { loadJudgeStatus } from "./approvals";

/**
 * The Judges overview: per judge, every version that gates or was ever approved, plus its newest
 * version, each with its state and the test calibration on the label set its gate reads.
 */
export async function judgeOverview() {
  const judges = await db().judge.findMany({
    orderBy: { name: "asc" },
    include: {
      versions: {
        orderBy: { version: "desc" },
        select: { id: true, version: true, provider: true, model: true, hash: true, _count: { select: { approvals: true } } },
      },
    },
  });
  return Promise.all(
    judges.map(async (judge) => {
      const shown = judge.versions.filter((v, i) => i === 0 || v._count.approvals > 0);
      const rows = await Promise.all(
        shown.map(async (version) => {
          const status = await loadJudgeStatus(version.id);
          const calibration = status.labelSet ? await latestCalibration(version.id, GATE_SPLIT, status.labelSet.id) : null;
          return { version, status, calibration, latest: version.id === judge.versions[0]!.id };
        }),
      );
      return { judge: { id: judge.id, name: judge.name, kind: judge.kind }, rows };
    }),
  );
}
