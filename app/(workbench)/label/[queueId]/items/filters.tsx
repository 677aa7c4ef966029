import Link from "next/link";
import { buttonClass } from "@/app/_components/ui/button";
import { inputClass } from "@/app/_components/ui/field";
import { ITEM_STATUSES, STATUS_NAMES } from "@/lib/labeling/item-status";
import type { ItemBrowserQuery } from "@/lib/schemas/item-browser";

const SPLITS = ["dev", "test"] as const;

/** One filter's drop-down: "any" (the empty value) first, then `options` as [value, text]. */
function FilterSelect({
  name,
  label,
  value,
  options,
  any = "any",
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: readonly (readonly [string, string])[];
  any?: string;
}) {
  return (
    <label className="flex flex-col gap-1">
      <span className="font-medium text-stone-800">{label}</span>
      <select name={name} aria-label={label} defaultValue={value ?? ""} className={`${inputClass} w-auto`}>
        <option value="">{any}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The item browser's filters: a plain GET form, so a filtered page is a URL and works without JavaScript. */
export function ItemFilters({
  queueId,
  query,
  values,
  reviewers,
}: {
  queueId: string;
  query: Partial<ItemBrowserQuery>;
  values: readonly string[];
  reviewers: readonly string[];
}) {
  return (
    <form method="get" action={`/label/${queueId}/items`} aria-label="Filter items" className="flex flex-wrap items-end gap-3 text-sm">
      <label className="flex min-w-64 flex-1 flex-col gap-1">
        <span className="font-medium text-stone-800">Search</span>
        <input
          name="q"
          aria-label="Search"
          type="search"
          defaultValue={query.q ?? ""}
          placeholder="Transcript id, external id, or words in the prompt or output"
          className={inputClass}
        />
      </label>
      <FilterSelect name="status" label="Status" value={query.status} options={ITEM_STATUSES.map((s) => [s, STATUS_NAMES[s]])} />
      <FilterSelect name="split" label="Split" value={query.split} options={SPLITS.map((s) => [s, s])} />
      <FilterSelect name="label" label="Label" value={query.label} options={values.map((v) => [v, v])} />
      <FilterSelect
        name="reviewer"
        label="Reviewer"
        any="anyone"
        value={query.reviewer}
        options={[...new Set([...reviewers, ...(query.reviewer ? [query.reviewer] : [])])].map((r) => [r, r])}
      />
      <label className="flex items-center gap-2 pb-2">
        <input type="checkbox" name="flagged" value="1" defaultChecked={query.flagged === "1"} />
        <span>Flagged</span>
      </label>
      <label className="flex items-center gap-2 pb-2">
        <input type="checkbox" name="disagreement" value="1" defaultChecked={query.disagreement === "1"} />
        <span>Disagreement</span>
      </label>
      <div className="flex items-center gap-2 pb-0.5">
        <button type="submit" className={buttonClass("secondary", "sm")}>
          Apply
        </button>
        <Link href={`/label/${queueId}/items`} className="text-indigo-700 hover:underline">
          Clear
        </Link>
      </div>
    </form>
  );
}
