import { cx } from "./cx";

export type BadgeTone = "neutral" | "good" | "bad" | "warn" | "info" | "muted";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-stone-100 text-stone-800 ring-stone-300",
  good: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  bad: "bg-red-50 text-red-800 ring-red-300",
  warn: "bg-amber-50 text-amber-900 ring-amber-300",
  info: "bg-indigo-50 text-indigo-800 ring-indigo-300",
  muted: "bg-white text-stone-500 ring-stone-200",
};

export function Badge({ tone = "neutral", className, ...props }: React.HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cx("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", tones[tone], className)}
      {...props}
    />
  );
}
