import { intervalMethod } from "@/lib/judges/estimator";
import { formatInterval } from "@/lib/judges/format";

/**
 * A calibration's stored 95% interval, named by how it was made: Wald for the plain sample, the percentile
 * bootstrap when a stratified draw weighted the items (the gate's lower bound reads the same interval).
 */
export function CalibrationInterval({
  row,
}: {
  /** With its statistics, or (a list that leaves them unread) with the method already named. */
  row: ({ kappaCiLow: number | null; kappaCiHigh: number | null } & ({ stats: unknown } | { intervalMethod: "Wald" | "bootstrap" })) | null;
}) {
  if (!row) return <>—</>;
  const interval = row.kappaCiLow !== null && row.kappaCiHigh !== null ? ([row.kappaCiLow, row.kappaCiHigh] as const) : null;
  const method = "intervalMethod" in row ? row.intervalMethod : intervalMethod(row.stats);
  return (
    <span data-interval-method={method}>
      {formatInterval(interval)}
      {interval ? <span className="ml-1 font-sans text-xs text-stone-500">{method}</span> : null}
    </span>
  );
}
