import type { CalibrationStats } from "@/lib/judges/calibration";
import { formatInterval, formatStat } from "@/lib/judges/format";

/**
 * Which estimator a calibration's headline numbers come from, and why — and for a stratified draw, the weighted
 * numbers beside the sample's own.
 */
export function EstimatorNote({ stats }: { stats: CalibrationStats }) {
  const e = stats.estimator;
  if (!e) return null;
  if (e.name === "unweighted") {
    return (
      <p className="text-sm text-stone-600" data-testid="estimator">
        Estimator: the sample&apos;s own statistics (unweighted) — {e.reason}.
      </p>
    );
  }
  const w = e.weighted;
  return (
    <div className="space-y-2 text-sm" data-testid="estimator">
      <p className="text-stone-800">
        Estimator: <strong>Horvitz–Thompson</strong> — {e.reason}. The gate reads these weighted numbers; the table below shows the
        sample&apos;s own, unweighted.
      </p>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
        <dt className="text-stone-500">κ (weighted)</dt>
        <dd className="font-mono" data-stat="weighted-kappa">
          {formatStat(w.kappa)} <span className="text-xs text-stone-500">{formatInterval(w.bootstrap)}</span>
        </dd>
        <dt className="text-stone-500">accuracy</dt>
        <dd className="font-mono">{formatStat(w.accuracy)}</dd>
        <dt className="text-stone-500">TPR</dt>
        <dd className="font-mono">{formatStat(w.tpr)}</dd>
        <dt className="text-stone-500">TNR</dt>
        <dd className="font-mono">{formatStat(w.tnr)}</dd>
      </dl>
      <p className="text-xs text-stone-500">
        Interval: percentile bootstrap resampling within each stratum (seed {w.bootstrap?.seed ?? "—"}, {w.bootstrap?.iterations ?? 0}{" "}
        resamples). Estimated population {w.populationSize.toFixed(0)} items from {w.n}. Strata:{" "}
        {Object.entries(e.strata)
          .map(([name, s]) => `${name}: ${s.items} items, π = ${s.probability.toFixed(3)}`)
          .join("; ")}
        .
      </p>
    </div>
  );
}
