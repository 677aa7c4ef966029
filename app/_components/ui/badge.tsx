import { cx } from "./cx";

export type BadgeTone = "neutral" | "good" | "bad" | "warn" | "info" | "muted";

/** Each tone's colours are the class `badge-<tone>` in app/globals.css (named once: badges repeat per row). */
export function Badge({ tone = "neutral", className, ...props }: React.HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={cx("badge", `badge-${tone}`, className)} {...props} />;
}
