import Link from "next/link";
import { JudgeStateBadge } from "@/app/_components/judge-state-badge";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { countJudgeVerdicts } from "@/lib/db/runs";
import { pct } from "@/lib/format";
import { runPassRateThroughJudge } from "@/lib/judging/run-correction";

export interface JudgeAtRunTime {
  /** The lifecycle state the run recorded when it started (null: a run from before states were recorded). */
  state: string | null;
  hash: string | null;
  calibrationId: string | null;
}

/**
 * The run's judge as it stood when the run started (state, hash, calibration: frozen, never
 * today's), and the run's judge pass rate corrected for the judge's measured TPR and TNR
 * (Rogan–Gladen) with the inputs. Only a judge that gated then is corrected: otherwise its verdicts
 * were shadow and count for nothing.
 */
export async function JudgeReading({
  runId,
  judgeVersionId,
  judgeLabel,
  atRunTime,
}: {
  runId: string;
  judgeVersionId: string;
  judgeLabel: string;
  atRunTime: JudgeAtRunTime;
}) {
  const counts = await countJudgeVerdicts(runId, judgeVersionId);
  const reading = await runPassRateThroughJudge(atRunTime, counts);
  const correction = reading.correction;
  return (
    <Card data-testid="judge-reading">
      <CardHeader
        title="Read through the judge"
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Link className="text-indigo-700 underline" href={`/judges/versions/${judgeVersionId}`}>
              {judgeLabel}
            </Link>
            <span className="text-stone-500">at run time:</span>
            <JudgeStateBadge state={atRunTime.state} gating={atRunTime.calibrationId !== null} />
            {atRunTime.hash ? (
              <span className="font-mono text-xs text-stone-600" data-testid="judge-hash-at-run">
                hash {atRunTime.hash.slice(0, 12)}
              </span>
            ) : null}
            {atRunTime.calibrationId ? (
              <Link
                className="text-xs text-indigo-700 underline"
                href={`/judges/calibrations/${atRunTime.calibrationId}`}
                data-testid="judge-calibration-at-run"
              >
                calibration
              </Link>
            ) : null}
          </span>
        }
      />
      <CardBody className="space-y-2 text-sm">
        {!reading.approved || !correction ? (
          <p className="text-stone-700">
            No correction: {reading.reason}. Its {counts.shadow} verdict{counts.shadow === 1 ? " was" : "s were"} recorded as shadow and not
            counted.
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
              <dt className="text-stone-500">Raw judge pass rate</dt>
              <dd className="font-medium" data-testid="judge-raw">
                {pct(correction.raw)} ({counts.passed}/{counts.scored})
              </dd>
              <dt className="text-stone-500">Corrected (Rogan–Gladen)</dt>
              <dd className="font-medium" data-testid="judge-corrected">
                {pct(correction.corrected)}
                {correction.clipped ? " (clipped to [0, 1])" : ""}
              </dd>
            </dl>
            <p className="text-xs text-stone-600">
              corrected = (raw + TNR − 1) / (TPR + TNR − 1), with TPR {pct(correction.inputs.tpr)} and TNR {pct(correction.inputs.tnr)} from
              the calibration the judge gated on when the run started
              {correction.inputs.calibrationN !== null ? ` (${correction.inputs.calibrationN} gold items)` : ""}.
              {correction.undefinedBecause ? ` Undefined: ${correction.undefinedBecause}.` : ""}
            </p>
          </>
        )}
      </CardBody>
    </Card>
  );
}
