import React from "react";
import { cx } from "./cx";

interface TableProps extends React.TableHTMLAttributes<HTMLTableElement> {
  /**
   * What the table shows, above it and outside its horizontal scroll: a <caption> is as wide as its
   * table, so under a table wider than the page it wrapped at the table's width and was cut off at
   * the scroll box's edge (HANNA's κ table at 1440 px).
   */
  caption?: React.ReactNode;
  captionClassName?: string;
}

export function Table({ className, caption, captionClassName, ...props }: TableProps) {
  const table = (
    <div className="overflow-x-auto">
      <table className={cx("min-w-full divide-y divide-stone-200 text-sm", className)} {...props} />
    </div>
  );
  if (!caption) return table;
  return (
    <figure>
      <figcaption className={cx("text-left", captionClassName)}>{caption}</figcaption>
      {table}
    </figure>
  );
}

/**
 * Greek statistic symbols keep their case in an upper-case header: upper-cased, κ would read as K
 * and ρ as P ("TEST K"). The text content, and so the accessible name, is unchanged.
 */
function keepSymbolCase(children: React.ReactNode): React.ReactNode {
  return React.Children.map(children, (child) =>
    typeof child === "string" && /[α-ω]/.test(child)
      ? child.split(/([α-ω]+)/).map((part, i) =>
          i % 2 === 1 ? (
            <span key={i} className="normal-case">
              {part}
            </span>
          ) : (
            part
          ),
        )
      : child,
  );
}

export function Th({ className, children, ...props }: React.ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cx("px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-stone-500", className)}
      {...props}
    >
      {keepSymbolCase(children)}
    </th>
  );
}

/** A body cell: `cell` (app/globals.css) is its padding and colour, one short class on every cell of a long table. */
export function Td({ className, ...props }: React.TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cx("cell", className)} {...props} />;
}

/** A column header: its text, or the text with classes for its cells (`text-right` for numbers). */
export type Column = React.ReactNode | { label: React.ReactNode; className?: string };

function isLabelled(column: Column): column is { label: React.ReactNode; className?: string } {
  return typeof column === "object" && column !== null && "label" in column;
}

/** The header row of a Table, one Th per column. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead className="bg-stone-50">
      <tr>
        {columns.map((column, i) =>
          isLabelled(column) ? (
            <Th key={i} className={column.className}>
              {column.label}
            </Th>
          ) : (
            <Th key={i}>{column}</Th>
          ),
        )}
      </tr>
    </thead>
  );
}
