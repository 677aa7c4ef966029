import Link from "next/link";
import { cx } from "./cx";

export interface Tab {
  href: string;
  label: React.ReactNode;
  current: boolean;
}

/** A row of links that switch between views of one page, the current one underlined (aria-current="page"). */
export function TabBar({ label, tabs, className }: { label: string; tabs: readonly Tab[]; className?: string }) {
  return (
    <nav aria-label={label} className={cx("flex flex-wrap gap-1 border-b border-stone-200", className)}>
      {tabs.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          aria-current={tab.current ? "page" : undefined}
          className={cx(
            "-mb-px border-b-2 px-3 py-2 text-sm",
            tab.current ? "border-indigo-600 font-medium text-indigo-700" : "border-transparent text-stone-600 hover:text-stone-900",
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
