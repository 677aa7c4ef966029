import { cx } from "./cx";

const tones = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-emerald-200 bg-emerald-50 text-emerald-800",
  info: "border-indigo-200 bg-indigo-50 text-indigo-900",
  warn: "border-amber-200 bg-amber-50 text-amber-900",
};

export function Alert({ tone = "info", className, ...props }: React.HTMLAttributes<HTMLDivElement> & { tone?: keyof typeof tones }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cx("rounded-md border px-3.5 py-2.5 text-sm", tones[tone], className)}
      {...props}
    />
  );
}
