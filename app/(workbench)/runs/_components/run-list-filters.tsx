import Link from "next/link";
import { buttonClass } from "@/app/_components/ui/button";
import { SelectOptions } from "@/app/_components/form/fields";

interface Props {
  options: { suites: string[]; branches: string[]; labels: string[] };
  current: { suite: string | null; branch: string | null; label: string | null };
}

/** Suite, branch and agent-label filters: a plain GET form, so a filtered list is a link to share. */
export function RunListFilters({ options, current }: Props) {
  const select = (name: keyof Props["current"], label: string, values: string[]) => (
    <label className="flex flex-col text-xs text-stone-600">
      {label}
      <select
        name={name}
        defaultValue={current[name] ?? ""}
        className="mt-1 rounded border border-stone-300 bg-white px-2 py-1 text-sm"
        aria-label={label}
      >
        <SelectOptions placeholder="all" options={values.map((v) => ({ value: v, label: v }))} />
      </select>
    </label>
  );
  return (
    <form method="get" action="/runs" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filter runs">
      {select("suite", "Suite", options.suites)}
      {select("branch", "Branch", options.branches)}
      {select("label", "Agent label", options.labels)}
      <button type="submit" className={buttonClass("secondary", "sm")}>
        Filter
      </button>
      {current.suite || current.branch || current.label ? (
        <Link href="/runs" className="text-sm text-indigo-700 underline">
          Clear filters
        </Link>
      ) : null}
    </form>
  );
}
