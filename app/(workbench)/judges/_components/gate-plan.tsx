import { Badge } from "@/app/_components/ui/badge";
import { SectionCard } from "@/app/_components/ui/card";
import type { PlanForJudge } from "@/lib/db/sampling";
import { formatStat } from "@/lib/judges/format";
import { planSentence, planWanted, type PlanState } from "@/lib/judges/plan";
import { LabelMoreForm, OrderDevForm } from "./label-more-form";

/**
 * "How many more labels would decide this gate?" for every label set the version has a test calibration on, with the
 * estimator behind the numbers and, for admins, the button that draws a stratified sample to close the gap.
 */
/** The badge of each plan state, and whether labeling more items can still settle it. */
const STATES: Record<PlanState, { badge: string; tone: "good" | "warn" | "bad"; labelsHelp: boolean }> = {
  decided: { badge: "decided", tone: "good", labelsHelp: false },
  "counts-short": { badge: "clears the bar; counts short", tone: "warn", labelsHelp: true },
  failed: { badge: "below the bar", tone: "bad", labelsHelp: false },
  "at-bar": { badge: "at the bar", tone: "bad", labelsHelp: false },
  "too-close": { badge: "labels will not settle it", tone: "bad", labelsHelp: false },
  label: { badge: "not decided yet", tone: "warn", labelsHelp: true },
  "no-spread": { badge: "too few to measure", tone: "warn", labelsHelp: true },
  undefined: { badge: "κ undefined", tone: "warn", labelsHelp: true },
};

export type LabelSetPlan = PlanForJudge & { queueId: string; queue: { name: string } };

/** `plans`: one per label set the version has a test calibration on (the page reads them with the gates). */
export function GatePlanCard({ versionId, plans, canDraw }: { versionId: string; plans: LabelSetPlan[]; canDraw: boolean }) {
  if (plans.length === 0) return null;
  return (
    <SectionCard
      data-testid="gate-plan"
      title="Labels to decide the gate"
      description="The gate is decided when the 95% interval of κ leaves the bar behind and every counting rule holds. With the standard error shrinking as 1/√n, that takes about n* = n · (1.96·SE / |κ − bar|)² items, if κ stays where it is."
      bodyClassName="space-y-4 text-sm"
    >
      {plans.map(({ queueId, queue, plan, estimate, wanted }) => {
        const sentence = plan ? planSentence(plan) : "No test calibration to plan from yet.";
        const state = plan ? STATES[plan.state] : null;
        const weighted = estimate?.estimator === "horvitz-thompson";
        return (
          <div key={queueId} className="space-y-2" data-testid="plan-row" data-queue={queue.name} data-state={plan?.state ?? ""}>
            <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
              {queue.name}
              {state ? <Badge tone={state.tone}>{state.badge}</Badge> : null}
              {weighted ? <Badge tone="info">weighted estimate (Horvitz–Thompson)</Badge> : null}
            </p>
            <p
              className="text-stone-900"
              data-testid="plan-sentence"
              data-more={plan?.moreToDecide ?? ""}
              data-wanted={plan ? planWanted(plan) : ""}
            >
              {sentence}
            </p>
            {estimate ? (
              <p className="text-stone-600">
                κ{" "}
                <span className="font-mono" data-stat="plan-kappa">
                  {formatStat(estimate.kappa)}
                </span>{" "}
                on {estimate.n} items, SE <span className="font-mono">{formatStat(estimate.se)}</span>
                {weighted
                  ? " (within-strata bootstrap): items drawn with different chances count 1/π times, so this estimates every transcript of the source, not the sample."
                  : " (asymptotic)."}{" "}
                Bar {plan ? plan.bar.toFixed(2) : "—"}.
              </p>
            ) : null}
            {canDraw && (!state || state.labelsHelp || (plan?.state === "too-close" && wanted > 0)) ? (
              <LabelMoreForm versionId={versionId} queueId={queueId} wanted={wanted} />
            ) : null}
            {canDraw ? (
              <details className="text-xs text-stone-600">
                <summary className="cursor-pointer">Dev split order</summary>
                <p className="my-2">
                  For prompt tuning, reviewers can see the dev items first where the judges disagree among their repeats, between versions,
                  between orders, or with the human majority. The test split is never reordered: it stays a probability sample, so the
                  gate&apos;s numbers stay honest.
                </p>
                <OrderDevForm versionId={versionId} queueId={queueId} />
              </details>
            ) : null}
          </div>
        );
      })}
    </SectionCard>
  );
}
