import Link from "next/link";
import { Badge } from "@/app/_components/ui/badge";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { countJudgeVerdicts } from "@/lib/db/runs";
import { runPassRateThroughJudge } from "@/lib/judges/run-correction";

const pct = (v: number | null) => (v === null ? "undefined" : `${(v * 100).toFixed(1)}%`);

/**
 * The run's judge pass rate as the judge reported it, and corrected for the judge's measured TPR
 * and TNR (Rogan–Gladen), with the inputs. Only an approved judge's verdicts are corrected: an
 * unapproved one's are shadow and count for nothing.
 */
export async function JudgeReading({ runId, judgeVersionId, judgeLabel }: { runId: string; judgeVersionId: string; judgeLabel: string }) {
  const counts = await countJudgeVerdicts(runId, judgeVersionId);
  const reading = await runPassRateThroughJudge(judgeVersionId, counts);
  const correction = reading.correction;
  return (
    <Card data-testid="judge-reading">
      <CardHeader
        title="Read through the judge"
        description={
          <>
            <Link className="text-indigo-700 underline" href={`/judges/versions/${judgeVersionId}`}>{judgeLabel}</Link>{" "}
            {reading.approved ? <Badge tone="good">approved</Badge> : <Badge tone="warn">not approved</Badge>}
          </>
        }
      />
      <CardBody className="space-y-2 text-sm">
        {!reading.approved || !correction ? (
          <p className="text-stone-700">
            No correction: the judge is not approved ({reading.reason}). Its {counts.shadow} verdict{counts.shadow === 1 ? " was" : "s were"} recorded as shadow and not counted.
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
              <dt className="text-stone-500">Raw judge pass rate</dt>
              <dd className="font-medium" data-testid="judge-raw">{pct(correction.raw)} ({counts.passed}/{counts.scored})</dd>
              <dt className="text-stone-500">Corrected (Rogan–Gladen)</dt>
              <dd className="font-medium" data-testid="judge-corrected">
                {pct(correction.corrected)}
                {correction.clipped ? " (clipped to [0, 1])" : ""}
              </dd>
            </dl>
            <p className="text-xs text-stone-600">
              corrected = (raw + TNR − 1) / (TPR + TNR − 1), with TPR {pct(correction.inputs.tpr)} and TNR {pct(correction.inputs.tnr)} from the gating calibration
              {correction.inputs.calibrationN !== null ? ` on ${correction.inputs.calibrationN} gold items` : ""}.
              {correction.undefinedBecause ? ` Undefined: ${correction.undefinedBecause}.` : ""}
            </p>
          </>
        )}
      </CardBody>
    </Card>
  );
}
