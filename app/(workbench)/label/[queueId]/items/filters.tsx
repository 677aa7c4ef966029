import Link from "next/link";
import { buttonClass } from "@/app/_components/ui/button";
import { inputClass } from "@/app/_components/ui/field";
import { ITEM_STATUSES, STATUS_NAMES } from "@/lib/labeling/item-status";
import type { ItemBrowserQuery } from "@/lib/schemas/item-browser";

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
  const select = `${inputClass} w-auto`;
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
      <label className="flex flex-col gap-1">
        <span className="font-medium text-stone-800">Status</span>
        <select name="status" aria-label="Status" defaultValue={query.status ?? ""} className={select}>
          <option value="">any</option>
          {ITEM_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_NAMES[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium text-stone-800">Split</span>
        <select name="split" aria-label="Split" defaultValue={query.split ?? ""} className={select}>
          <option value="">any</option>
          <option value="dev">dev</option>
          <option value="test">test</option>
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium text-stone-800">Label</span>
        <select name="label" aria-label="Label" defaultValue={query.label ?? ""} className={select}>
          <option value="">any</option>
          {values.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium text-stone-800">Reviewer</span>
        <select name="reviewer" aria-label="Reviewer" defaultValue={query.reviewer ?? ""} className={select}>
          <option value="">anyone</option>
          {[...new Set([...reviewers, ...(query.reviewer ? [query.reviewer] : [])])].map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
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
