import { AT_BAR_TOLERANCE, samplesToDecide, Z_95 } from "../stats";
import type { ItemKind } from "../items/kinds";
import { expectedClasses } from "./gate";

/**
 * "How many more gold items would decide this gate, and of which class?" The statistical part (when does the 95%
 * interval of κ leave the bar behind) is samplesToDecide; the rest is the gate's counting rules: at least minItems
 * items and minPerClass of each class. The answer is a state and one plain sentence, so a reader is never told to
 * label 1,122 more items to move κ 0.556 past 0.60, nor that a judge below the bar with 95% confidence is "not decided".
 */
export type PlanState =
  /** κ or its SE is undefined (a constant rater, one class, no items). */
  | "undefined"
  /** SE = 0: no spread among the items, so the interval has no width and measures nothing yet. */
  | "no-spread"
  /** κ equals the bar (within AT_BAR_TOLERANCE): no number of labels separates them. */
  | "at-bar"
  /** The interval lies below the bar: the κ rule has failed, whatever the counts. */
  | "failed"
  /** The interval lies above the bar; the counting rules are short. */
  | "counts-short"
  /** The interval lies above the bar and every count is met. */
  | "decided"
  /** Undecided, and more than TOO_MANY_TIMES × n items would be needed: improve the judge rather than label. */
  | "too-close"
  /** Undecided; labeling about `total` more items should decide it. */
  | "label";

/** Past this many times the items labeled so far, more labels are not the way to settle the gate. */
export const TOO_MANY_TIMES = 5;

export interface GatePlan {
  bar: number;
  state: PlanState;
  n: number;
  estimate: number | null;
  se: number | null;
  /** The Wald interval already excludes the bar, on a non-degenerate interval (false at the bar, with SE 0 or undefined). */
  decided: boolean;
  /** More items until the interval excludes the bar, if κ̂ and the per-item spread hold; null when undefined. */
  moreToDecide: number | null;
  nStar: number | null;
  /** max(0, minPerClass − count) for each class the gate counts. */
  perClassShortfall: Record<string, number>;
  /** max(0, minItems − n). */
  itemsShortfall: number;
}

export interface PlanInput {
  n: number;
  estimate: number | null;
  se: number | null;
  /** Gold labels per class among the items measured. */
  classCounts: Record<string, number>;
  /** The classes the gate counts: pass/fail, A/B, or each observed graded score. */
  classes: readonly string[];
}

export function planGate(input: PlanInput, rules: { bar: number; minItems?: number; minPerClass?: number }): GatePlan {
  const plan = samplesToDecide({ n: input.n, estimate: input.estimate, se: input.se, bar: rules.bar });
  const perClassShortfall = Object.fromEntries(
    input.classes.map((c) => [c, Math.max(0, (rules.minPerClass ?? 0) - (input.classCounts[c] ?? 0))]),
  );
  const itemsShortfall = Math.max(0, (rules.minItems ?? 0) - input.n);
  const countsShort = itemsShortfall > 0 || Object.values(perClassShortfall).some((x) => x > 0);
  const { estimate, se } = input;
  const state: PlanState =
    estimate === null || se === null || input.n < 1
      ? "undefined"
      : se === 0
        ? "no-spread"
        : Math.abs(estimate - rules.bar) <= AT_BAR_TOLERANCE
          ? "at-bar"
          : plan?.decided
            ? estimate < rules.bar
              ? "failed"
              : countsShort
                ? "counts-short"
                : "decided"
            : plan && plan.nStar > TOO_MANY_TIMES * input.n
              ? "too-close"
              : "label";
  return {
    bar: rules.bar,
    state,
    n: input.n,
    estimate,
    se,
    decided: plan?.decided ?? false,
    moreToDecide: plan?.moreToDecide ?? null,
    nStar: plan?.nStar ?? null,
    perClassShortfall,
    itemsShortfall,
  };
}

/** The classes the gate counts for a kind (graded: the scores present in the gold labels). */
export function planClasses(kind: ItemKind, classCounts: Record<string, number>): string[] {
  return expectedClasses(kind, classCounts);
}

const f2 = (x: number) => x.toFixed(2);
const f3 = (x: number) => (Object.is(Math.round(x * 1000), -0) ? 0 : x).toFixed(3);

/** "30 more items, at least 6 more "fail"": what the counting rules lack; null when nothing. */
function countsLacking(plan: GatePlan, atLeast = 0): string | null {
  const short = Object.entries(plan.perClassShortfall).filter(([, n]) => n > 0);
  const total = Math.max(
    atLeast,
    plan.itemsShortfall,
    short.reduce((s, [, n]) => s + n, 0),
  );
  if (total === 0) return null;
  const classes = short.length ? `, at least ${short.map(([c, n]) => `${n} more "${c}"`).join(" and ")}` : "";
  return `${total} more item${total === 1 ? "" : "s"}${classes}`;
}

/**
 * The plan in plain words, one sentence a reviewer can act on; every state says what to do next (or that nothing is
 * left to do). The numbers behind it stay in the GatePlan for JSON.
 */
export function planSentence(plan: GatePlan, z = Z_95): string {
  const k = plan.estimate === null ? "undefined" : f3(plan.estimate);
  const bar = f2(plan.bar);
  const counts = countsLacking(plan);
  switch (plan.state) {
    case "undefined":
      return `κ is undefined on ${plan.n} item${plan.n === 1 ? "" : "s"}, so no interval can decide yet: label ${counts ?? "items of every class"} first.`;
    case "no-spread":
      return counts
        ? `κ ${k} on only ${plan.n} items with no disagreement to measure (SE 0): a zero-width interval decides nothing. Label ${counts} to reach the gate's minimum, then the interval will mean something.`
        : `κ ${k} on ${plan.n} items with no disagreement at all (SE 0): the interval has no width, so it cannot say how sure this is; the counts are met and the gate reads κ against the bar.`;
    case "at-bar":
      return `κ ${k} is at the bar ${bar}: no number of labels separates them. Improve the judge (prompt, model) and calibrate again.`;
    case "failed":
      return `The κ rule has failed: κ ${k} is below the bar ${bar} with 95% confidence (interval up to ${f3(plan.estimate! + z * plan.se!)}). More labels will not make it pass — improve the judge.${counts ? ` (The counts are short too, ${counts}, but meeting them cannot change this.)` : ""}`;
    case "counts-short":
      return `κ ${k} clears the bar ${bar} with 95% confidence; only the gate's counts are short: label ${counts}.`;
    case "decided":
      return `Decided: κ ${k} clears the bar ${bar} with 95% confidence and every count is met.`;
    case "too-close":
      return `κ ${k} is too close to the bar ${bar} to settle with labels: it would take about ${plan.nStar} items, over ${TOO_MANY_TIMES}× the ${plan.n} labeled now. Improve the judge instead (prompt, model, rubric), then calibrate again.${counts ? ` The gate's counts still need ${counts}.` : ""}`;
    case "label":
      return `Label about ${countsLacking(plan, plan.moreToDecide ?? 0)} to tell κ ${k} from the bar ${bar} (about ${Math.max(plan.nStar ?? 0, plan.n)} in all, if κ holds).`;
  }
}

/** How many items "Label more" would draw: the largest shortfall, and none once labels cannot settle it. */
export function planWanted(plan: GatePlan): number {
  const perClass = Object.values(plan.perClassShortfall).reduce((s, x) => s + x, 0);
  const interval = plan.state === "label" ? (plan.moreToDecide ?? 0) : 0;
  return Math.max(interval, plan.itemsShortfall, perClass);
}
