import React from "react";
import { cx } from "./cx";

export function Table({ className, ...props }: React.TableHTMLAttributes<HTMLTableElement>) {
  return (
    <div className="overflow-x-auto">
      <table className={cx("min-w-full divide-y divide-stone-200 text-sm", className)} {...props} />
    </div>
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

export function Td({ className, ...props }: React.TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cx("px-4 py-2.5 align-top text-stone-800", className)} {...props} />;
}
