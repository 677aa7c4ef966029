"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cx } from "./ui/cx";

export function NavLink({ href, children }: { href: string; children: React.ReactNode }) {
  const pathname = usePathname();
  const active = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={cx(
        "rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
        active ? "bg-stone-900 text-white" : "text-stone-700 hover:bg-stone-200/70",
      )}
    >
      {children}
    </Link>
  );
}
