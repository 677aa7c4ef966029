import { samplesToDecide } from "../stats";
import type { ItemKind } from "../items/kinds";
import { expectedClasses } from "./gate";

/**
 * "How many more gold items would decide this gate, and of which class?" The statistical part (when does the 95%
 * interval of κ leave the bar behind) is samplesToDecide; the rest is the gate's counting rules: at least minItems
 * items and minPerClass of each class.
 */
export interface GatePlan {
  bar: number;
  /** The Wald interval already excludes the bar (false when that cannot be said: κ or SE undefined, κ = bar). */
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
  return {
    bar: rules.bar,
    decided: plan?.decided ?? false,
    moreToDecide: plan?.moreToDecide ?? null,
    nStar: plan?.nStar ?? null,
    perClassShortfall,
    itemsShortfall: Math.max(0, (rules.minItems ?? 0) - input.n),
  };
}

/** The classes the gate counts for a kind (graded: the scores present in the gold labels). */
export function planClasses(kind: ItemKind, classCounts: Record<string, number>): string[] {
  return expectedClasses(kind, classCounts);
}

/**
 * The plan in one sentence: "label about 41 more items, at least 6 more "fail", to decide"; null when nothing is
 * missing.
 */
export function planSentence(plan: GatePlan): string | null {
  const short = Object.entries(plan.perClassShortfall).filter(([, n]) => n > 0);
  const total = Math.max(
    plan.moreToDecide ?? 0,
    plan.itemsShortfall,
    short.reduce((s, [, n]) => s + n, 0),
  );
  if (total === 0) return null;
  const classes = short.length ? `, at least ${short.map(([c, n]) => `${n} more "${c}"`).join(" and ")},` : "";
  return `label about ${total} more item${total === 1 ? "" : "s"}${classes} to decide`;
}
