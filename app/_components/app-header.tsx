import Link from "next/link";
import { can } from "@/lib/roles";
import type { SessionUser } from "@/lib/auth/session";
import { NavLink } from "./nav-link";
import { SignOutButton } from "./sign-out-button";
import { Badge } from "./ui/badge";

const NAV = [
  { href: "/runs", label: "Runs" },
  { href: "/label", label: "Label" },
  { href: "/judges", label: "Judges" },
  { href: "/suites", label: "Suites" },
] as const;

export function AppHeader({ user }: { user: SessionUser }) {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-6 py-3">
        <Link href="/runs" className="flex items-center gap-2 text-lg font-semibold tracking-tight text-stone-900">
          <span aria-hidden className="inline-block h-5 w-5 rounded-sm bg-indigo-600" />
          Gavel
        </Link>
        <nav aria-label="Main" className="flex flex-wrap items-center gap-1">
          {NAV.map((item) => (
            <NavLink key={item.href} href={item.href}>
              {item.label}
            </NavLink>
          ))}
          {can(user, "users:manage") ? <NavLink href="/users">Users</NavLink> : null}
          {can(user, "audit:read") ? <NavLink href="/audit">Audit</NavLink> : null}
          {can(user, "settings:manage") ? <NavLink href="/webhooks">Webhooks</NavLink> : null}
        </nav>
        <div className="ml-auto flex items-center gap-3 text-sm" data-testid="signed-in-user">
          <span className="text-stone-700">
            {user.name ? `${user.name} · ` : ""}
            {user.email}
          </span>
          <Link href="/api-docs" className="text-stone-600 hover:text-stone-900 hover:underline">
            API
          </Link>
          <Link href="/users/tokens" className="text-stone-600 hover:text-stone-900 hover:underline">
            API tokens
          </Link>
          <Badge tone={user.role === "admin" ? "info" : user.role === "reviewer" ? "good" : "neutral"} data-testid="signed-in-role">
            {user.role}
          </Badge>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
