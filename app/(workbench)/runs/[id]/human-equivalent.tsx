import { SectionCard } from "@/app/_components/ui/card";
import { judgeVerdictsWithGold } from "@/lib/db/runs";
import { pct } from "@/lib/format";
import { humanEquivalentPassRate } from "@/lib/judges/human-equivalent";
import { runPassRateThroughJudge } from "@/lib/judging/run-correction";
import type { JudgeAtRunTime } from "../_components/judge-reading";

const range = (ci: { low: number; high: number } | null) => (ci ? `${pct(ci.low)} – ${pct(ci.high)}` : "no interval yet");
const half = (ci: { low: number; high: number } | null) => (ci ? `±${(((ci.high - ci.low) / 2) * 100).toFixed(1)} points` : "—");

/**
 * "What pass rate would our reviewers give?": the judge's verdicts on every scored trial and the human gold labels on
 * some of them, combined by prediction-powered inference (PPI++), with the humans-only interval, the raw judge rate and
 * the Rogan–Gladen correction beside it, and how many more labels would narrow the interval.
 */
export async function HumanEquivalent({
  runId,
  judgeVersionId,
  atRunTime,
}: {
  runId: string;
  judgeVersionId: string;
  atRunTime: JudgeAtRunTime;
}) {
  const trials = await judgeVerdictsWithGold(runId, judgeVersionId);
  const result = humanEquivalentPassRate(trials);
  const passed = trials.filter((t) => t.judge === "pass").length;
  const reading = await runPassRateThroughJudge(atRunTime, { passed, scored: trials.length });
  const { ppi } = result;
  return (
    <SectionCard
      data-testid="human-equivalent"
      title="Human-equivalent pass rate"
      description="The pass rate your reviewers would give this run: the judge on every trial, corrected by the trials humans labeled (prediction-powered inference, PPI++). Valid when the labeled trials were drawn at random from the run."
      bodyClassName="space-y-3 text-sm"
    >
      {ppi ? (
        <p className="text-lg text-stone-900">
          <span className="font-semibold" data-testid="ppi-estimate">
            {pct(ppi.estimate)}
          </span>{" "}
          <span className="text-stone-600" data-testid="ppi-interval">
            95% {range(ppi.ci95)}
          </span>
        </p>
      ) : (
        <p className="text-stone-700" data-testid="ppi-undefined">
          Not yet: {result.undefinedBecause}.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
        <dt className="text-stone-500">
          Humans only (<span data-testid="ppi-n">{result.n}</span> labeled)
        </dt>
        <dd data-testid="ppi-humans-only">
          {ppi ? `${pct(ppi.humansOnly.estimate)}, 95% ${range(ppi.humansOnly.ci95)} (${half(ppi.humansOnly.ci95)})` : "—"}
        </dd>
        <dt className="text-stone-500">With the judge (PPI++)</dt>
        <dd data-testid="ppi-width">{ppi ? `${half(ppi.ci95)}, λ ${ppi.lambda.toFixed(2)}` : "—"}</dd>
        <dt className="text-stone-500">
          Raw judge pass rate (<span data-testid="ppi-N">{result.N}</span> trials)
        </dt>
        <dd data-testid="ppi-judge-rate">{pct(result.judgeRate)}</dd>
        <dt className="text-stone-500">Rogan–Gladen corrected</dt>
        <dd data-testid="ppi-rogan-gladen">
          {reading.correction?.corrected != null
            ? pct(reading.correction.corrected)
            : `— (${reading.correction?.undefinedBecause ?? reading.reason})`}
        </dd>
      </dl>
      {result.leftOut ? (
        <p className="text-amber-800" data-testid="ppi-left-out">
          {result.leftOut.n} human label{result.leftOut.n === 1 ? " is" : "s are"} left out: {result.leftOut.why.join("; ")}, so{" "}
          {result.leftOut.n === 1 ? "it is" : "they are"} not a random sample of the run. Those trials count as unlabeled. A queue made from
          the run with a pass sample of 1 is one.
        </p>
      ) : null}
      {result.planSentence ? (
        <p className="text-stone-700" data-testid="ppi-plan">
          {result.planSentence}
        </p>
      ) : null}
    </SectionCard>
  );
}
