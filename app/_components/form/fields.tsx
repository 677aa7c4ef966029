import { Field, inputClass } from "@/app/_components/ui/field";
import { Button } from "@/app/_components/ui/button";
import { cx } from "@/app/_components/ui/cx";

/** What every labelled control shares: its id (the label's target), label, hint and error messages. */
interface FieldProps {
  id: string;
  label: string;
  hint?: React.ReactNode;
  errors?: string[];
}

/**
 * The control's accessibility attributes: invalid while it has errors, and described by the error
 * message Field renders under it (`${id}-error`), so a screen reader reads the reason with the field.
 */
export function invalidProps(id: string, errors?: string[]) {
  const invalid = Boolean(errors?.length);
  return { "aria-invalid": invalid ? true : undefined, "aria-describedby": invalid ? `${id}-error` : undefined };
}

/** A labelled text input (any `type`), with hint and errors. */
export function TextField({
  id,
  label,
  hint,
  errors,
  className,
  ...input
}: FieldProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id">) {
  return (
    <Field id={id} label={label} hint={hint} errors={errors}>
      <input id={id} className={cx(inputClass, className)} {...invalidProps(id, errors)} {...input} />
    </Field>
  );
}

/** A labelled textarea, with hint and errors. */
export function TextAreaField({
  id,
  label,
  hint,
  errors,
  className,
  ...textarea
}: FieldProps & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) {
  return (
    <Field id={id} label={label} hint={hint} errors={errors}>
      <textarea id={id} className={cx(inputClass, className)} {...invalidProps(id, errors)} {...textarea} />
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: React.ReactNode;
}

/**
 * A select's choices, after an optional first, empty one (`placeholder`: "anyone", "Choose a run…"):
 * for SelectField and for the selects laid out their own way (a filter bar's).
 */
export function SelectOptions({ options, placeholder }: { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}

/** A labelled select over `options`; `placeholder` adds a first, empty choice ("Choose a run…"). */
export function SelectField({
  id,
  label,
  hint,
  errors,
  className,
  options,
  placeholder,
  ...select
}: FieldProps & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id"> & { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <Field id={id} label={label} hint={hint} errors={errors}>
      <select id={id} className={cx(inputClass, className)} {...invalidProps(id, errors)} {...select}>
        <SelectOptions options={options} placeholder={placeholder} />
      </select>
    </Field>
  );
}

/** A checkbox with its label beside it (the label wraps the box, so a click on the text ticks it). */
export function CheckboxField({
  label,
  className,
  ...input
}: { label: React.ReactNode } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <label className={cx("flex items-center gap-2 text-sm text-stone-800", className)}>
      <input type="checkbox" className="h-4 w-4 rounded border-stone-300" {...input} />
      {label}
    </label>
  );
}

/** Errors of a group of controls (a fieldset of checkboxes), announced when they appear. */
export function FieldErrors({ id, errors }: { id?: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className="text-xs font-medium text-red-700" role="alert">
      {errors.join(" ")}
    </p>
  ) : null;
}

/** The form's submit button: disabled while the action runs, and saying so. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  ...button
}: { pending: boolean; pendingLabel: string } & Omit<React.ComponentProps<typeof Button>, "type" | "disabled">) {
  return (
    <Button type="submit" disabled={pending} {...button}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** What a form acts on, sent as hidden inputs; an undefined value sends nothing. */
export function HiddenFields({ values }: { values: Record<string, string | undefined> }) {
  return Object.entries(values).map(([name, value]) =>
    value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
  );
}
