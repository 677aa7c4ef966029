/**
 * A calibration whose κ says nothing about the judge, named in words. Two shapes make κ degenerate:
 * a judge that gave every item one answer (p_o = p_e, so κ = 0 by construction whatever the judge
 * "knows"), and a gold set of one class (κ is 0 by construction, or undefined when the judge is
 * constant too: p_e = 1). Read from the confusion matrix (rows the judge, columns the gold label),
 * so calibrations stored before this check are named the same way.
 */
export type DegeneracyKind = "constant-judge" | "one-class-gold" | "both-constant";

export interface Degeneracy {
  kind: DegeneracyKind;
  /** The judge's only answer (constant-judge, both-constant). */
  judgeValue: string | null;
  /** The only gold label (one-class-gold, both-constant). */
  goldValue: string | null;
  n: number;
  /** The sentence every surface shows. */
  message: string;
  /** Why the interval is not a measurement here. */
  intervalNote: string;
}

export interface DegeneracyInput {
  n: number;
  value: number | null;
  confusion: { labels: readonly string[]; matrix: readonly (readonly number[])[] };
}

const shout = (value: string) => (value === "pass" || value === "fail" ? value.toUpperCase() : `"${value}"`);
const items = (n: number) => `${n} item${n === 1 ? "" : "s"}`;

/** What κ is here, in words: "0 by construction" or "undefined" (never read off as a measurement). */
function kappaWords(value: number | null): string {
  return value === null ? "κ undefined" : "κ is 0 by construction";
}

export function degeneracyOf(report: DegeneracyInput): Degeneracy | null {
  if (report.n < 2) return null;
  const { labels, matrix } = report.confusion;
  const judgeUsed = labels.filter((_, i) => (matrix[i] ?? []).some((count) => count > 0));
  const goldUsed = labels.filter((_, j) => matrix.some((row) => (row[j] ?? 0) > 0));
  const constantJudge = judgeUsed.length === 1 ? judgeUsed[0]! : null;
  const oneGold = goldUsed.length === 1 ? goldUsed[0]! : null;
  if (constantJudge === null && oneGold === null) return null;
  const n = report.n;
  if (constantJudge !== null && oneGold !== null) {
    return {
      kind: "both-constant",
      judgeValue: constantJudge,
      goldValue: oneGold,
      n,
      message: `the judge answered ${shout(constantJudge)} on all ${items(n)} and every gold label is ${oneGold}: ${kappaWords(report.value)}; agreement says nothing about the judge here`,
      intervalNote: "no interval: neither rater varies",
    };
  }
  if (constantJudge !== null) {
    return {
      kind: "constant-judge",
      judgeValue: constantJudge,
      goldValue: null,
      n,
      message: `the judge answered ${shout(constantJudge)} on all ${items(n)}: ${kappaWords(report.value)}`,
      intervalNote: "no interval: a constant judge has nothing to measure",
    };
  }
  return {
    kind: "one-class-gold",
    judgeValue: null,
    goldValue: oneGold,
    n,
    message: `every gold label is ${oneGold}: ${kappaWords(report.value)}; add gold items of the other class`,
    intervalNote: "no interval: the gold set has one class",
  };
}
