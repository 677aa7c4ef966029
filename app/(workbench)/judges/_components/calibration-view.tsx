import type { CalibrationStats } from "@/lib/judges/calibration";
import { degeneracyOf, type Degeneracy } from "@/lib/judges/degenerate";
import { itemKind } from "@/lib/items/kinds";
import { formatInterval, formatPercent, formatStat } from "@/lib/judges/format";
import { Table, Td, Th } from "@/app/_components/ui/table";

const METRIC_LABEL: Record<string, string> = {
  kappa: "Cohen's κ",
  "kappa-linear": "weighted κ (linear)",
  "kappa-quadratic": "weighted κ (quadratic)",
};

/** Rows of a calibration's statistics; data-stat names let tests read each number. */
/** How the ceiling was computed: the one rule (lib/stats/human-ceiling.ts), or the older trimming rule for old calibrations. */
function ceilingNote(human: CalibrationStats["human"]): string {
  if (!human.items) return "no item has two human labels";
  const alpha = `Krippendorff's α ${formatStat(human.krippendorffAlpha)}`;
  const c = human.ceiling;
  if (!c)
    return `Fleiss' κ on ${human.items} items with ${human.raters} labels each (an older calibration: items trimmed to that number); ${alpha}`;
  const spread =
    c.labelsPerItem && c.labelsPerItem.min !== c.labelsPerItem.max
      ? `${c.labelsPerItem.min}–${c.labelsPerItem.max}`
      : String(c.labelsPerItem?.min ?? 0);
  return `Fleiss' κ${c.weights === "quadratic" ? " (quadratic weights)" : ""} on ${c.items} items with ${spread} labels each, the same rule as the queue's Agreement page; ${alpha}`;
}

/** The calibration's degeneracy: stored on newer calibrations, read from the confusion matrix on older ones. */
export function degeneracyOfStats(stats: CalibrationStats): Degeneracy | null {
  return stats.degenerate !== undefined ? stats.degenerate : degeneracyOf(stats.report);
}

/** A constant judge or a one-class gold set, said in words above the numbers it makes meaningless. */
export function DegenerateNote({ stats }: { stats: CalibrationStats }) {
  const d = degeneracyOfStats(stats);
  if (!d) return null;
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note" data-testid="degenerate">
      <span className="font-medium">Degenerate calibration:</span> {d.message}.
    </p>
  );
}

export function CalibrationNumbers({ stats }: { stats: CalibrationStats }) {
  const r = stats.report;
  const d = degeneracyOfStats(stats);
  const wald = d
    ? d.intervalNote
    : `Wald 95% ${formatInterval(r.ci95)}${r.ci95Clipped ? " (clipped to [−1, 1]: the normal approximation is poor here)" : ""}`;
  const rows: [string, string, string, string][] = [
    ["value", METRIC_LABEL[r.metric] ?? r.metric, formatStat(r.value), d ? wald : `SE ${formatStat(r.se)} · ${wald}`],
    [
      "bootstrap",
      "bootstrap 95%",
      d ? "none" : formatInterval(r.bootstrap),
      d
        ? d.intervalNote
        : r.bootstrap
          ? `seed ${r.bootstrap.seed}, ${r.bootstrap.iterations} resamples, ${r.bootstrap.undefinedResamples} undefined`
          : "κ undefined",
    ],
    [
      "accuracy",
      "accuracy",
      formatStat(r.accuracy),
      d
        ? `not a measure of the judge here (${d.kind === "one-class-gold" ? "every gold label is " + d.goldValue : "the judge gave one answer"}) · Wilson 95% ${formatInterval(r.accuracyCi)}`
        : `Wilson 95% ${formatInterval(r.accuracyCi)}`,
    ],
  ];
  if (r.positive !== null) {
    rows.push(["tpr", `TPR (${r.positive})`, formatStat(r.tpr), `Wilson 95% ${formatInterval(r.tprCi)}`]);
    rows.push(["tnr", "TNR", formatStat(r.tnr), `Wilson 95% ${formatInterval(r.tnrCi)}`]);
    rows.push(["balanced", "balanced accuracy", formatStat(r.balancedAccuracy), ""]);
  }
  if (itemKind(stats.kind).ordinal) {
    rows.push(["kappa-unweighted", "Cohen's κ (unweighted)", formatStat(r.kappa), ""]);
    rows.push(["kappa-linear", "weighted κ (linear)", formatStat(r.kappaLinear), ""]);
    rows.push(["spearman", "Spearman's ρ", formatStat(r.spearman), ""]);
  }
  rows.push(["human", "human–human κ (ceiling)", formatStat(stats.human.fleissKappa), ceilingNote(stats.human)]);
  return (
    <div className="space-y-2">
      <DegenerateNote stats={stats} />
      <dl className="divide-y divide-stone-100 text-sm">
        <div className="flex justify-between py-1.5 text-stone-600">
          <dt>items</dt>
          <dd data-stat="n">
            {r.n} judged of {stats.goldCount} gold · {stats.skipped} skipped · {stats.errored} errors
            {stats.missing ? ` · ${stats.missing} not judged yet` : ""}
          </dd>
        </div>
        {rows.map(([key, label, value, detail]) => (
          <div key={key} className="grid grid-cols-[11rem_8.5rem_1fr] gap-3 py-1.5">
            <dt className="text-stone-700">{label}</dt>
            <dd className="whitespace-nowrap font-mono" data-stat={key}>
              {value}
            </dd>
            <dd className="text-xs text-stone-500">{detail}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function ConfusionMatrix({ confusion, caption }: { confusion: { labels: string[]; matrix: number[][] }; caption: string }) {
  return (
    <Table aria-label={caption} data-testid="confusion-matrix" caption={caption} captionClassName="px-4 pt-2 text-xs text-stone-500">
      <thead>
        <tr>
          <Th>judge ↓ / human →</Th>
          {confusion.labels.map((l) => (
            <Th key={l} className="text-right">
              {l}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {confusion.matrix.map((row, i) => (
          <tr key={confusion.labels[i]}>
            <Th className="normal-case">{confusion.labels[i]}</Th>
            {row.map((count, j) => (
              <Td
                key={j}
                className={i === j ? "text-right font-mono font-semibold" : "text-right font-mono text-stone-600"}
                data-cell={`${confusion.labels[i]}/${confusion.labels[j]}`}
              >
                {count}
              </Td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Verbosity, position consistency and flip rate, each with what it means. */
export function BiasChecks({ stats }: { stats: CalibrationStats }) {
  const d = degeneracyOfStats(stats);
  const constantJudge = d?.judgeValue != null;
  const twoOutputs = itemKind(stats.kind).outputs === 2;
  const items: [string, string, string][] = [
    [
      "verbosity",
      constantJudge ? "Verbosity: not checked" : `Verbosity: ρ(length, judge − human) = ${formatStat(stats.verbosity?.rho)}`,
      constantJudge
        ? `skipped: ${d!.message.split(":")[0]}, so ρ would only measure the humans.`
        : stats.verbosity
          ? stats.verbosity.rho === null
            ? "undefined: the judge never disagrees with the humans here, or lengths are all equal."
            : `on ${stats.verbosity.n} items; above 0 means the judge is more generous than the humans on longer outputs${twoOutputs ? " (length = len A − len B)" : ""}.`
          : "no output lengths to compare.",
    ],
  ];
  if (twoOutputs) {
    items.push([
      "position",
      `Position consistency: ${formatStat(stats.position?.rate)}`,
      stats.position
        ? `${stats.position.consistent} of ${stats.position.n} items kept their winner when the outputs were swapped.`
        : "not measured: run with “judge both orders”.",
    ]);
    if (stats.orders) {
      const { original, swapped } = stats.orders;
      items.push([
        "orders",
        `Accuracy by order: original ${formatPercent(original.accuracy)} · swapped ${formatPercent(swapped.accuracy)}`,
        `${original.correct} and ${swapped.correct} of ${original.total} gold items right; an error counts as wrong (${original.errors} in the original order, ${swapped.errors} swapped).`,
      ]);
    }
  }
  items.push([
    "flip",
    `Flip rate: ${formatStat(stats.flip?.rate)}`,
    stats.flip
      ? `${stats.flip.flipped} of ${stats.flip.items} items changed verdict across ${stats.flip.repeats} repeats.`
      : "not measured: run with 2 or more repeats per item.",
  ]);
  return (
    <ul className="space-y-2 text-sm" data-testid="bias-checks">
      {items.map(([key, title, detail]) => (
        <li key={key} data-check={key}>
          <p className="font-medium text-stone-900">{title}</p>
          <p className="text-stone-600">{detail}</p>
        </li>
      ))}
    </ul>
  );
}
