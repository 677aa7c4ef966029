import { cx } from "./cx";

export const inputClass =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-stone-900 ring-1 ring-inset ring-stone-300 placeholder:text-stone-400 focus:ring-2 focus:ring-indigo-500 aria-invalid:ring-red-400";

/** A labelled control with its error messages; the error is linked to the control for screen readers. */
export function Field({
  id,
  label,
  hint,
  errors,
  children,
}: {
  id: string;
  label: string;
  hint?: React.ReactNode;
  errors?: string[];
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint && !errors?.length ? <p className="text-xs text-stone-500">{hint}</p> : null}
      {errors?.length ? (
        <p id={`${id}-error`} className={cx("text-xs font-medium text-red-700")} role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
