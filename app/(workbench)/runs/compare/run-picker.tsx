import { buttonClass } from "@/app/_components/ui/button";
import { inputClass } from "@/app/_components/ui/field";

/** Two run pickers as a plain GET form: works without JavaScript, and the URL is the comparison. */
export function RunPicker({ runs, base, head }: { runs: { id: string; label: string }[]; base?: string; head?: string }) {
  const select = (name: string, label: string, value?: string) => (
    <label className="min-w-0 flex-1 text-sm font-medium text-stone-800">
      {label}
      <select name={name} defaultValue={value ?? ""} className={`${inputClass} mt-1`} required>
        <option value="" disabled>
          Choose a run…
        </option>
        {runs.map((r) => (
          <option key={r.id} value={r.id}>
            {r.label} · {r.id}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      method="get"
      action="/runs/compare"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4"
      aria-label="Pick runs"
    >
      {select("base", "Base (earlier)", base)}
      {select("head", "Head (the change)", head)}
      <button type="submit" className={buttonClass("primary")}>
        Compare
      </button>
    </form>
  );
}
