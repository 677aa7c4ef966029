/** A labelled progress bar; the numbers are shown too, never just the bar. */
export function ProgressBar({ value, total, label }: { value: number; total: number; label: string }) {
  const percent = total > 0 ? Math.round((value / total) * 100) : 0;
  return (
    <div className="min-w-40">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={value}
        className="h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-indigo-500" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-stone-600">
        {value.toLocaleString("en")} / {total.toLocaleString("en")} {total > 0 ? `(${percent}%)` : ""}
      </p>
    </div>
  );
}
