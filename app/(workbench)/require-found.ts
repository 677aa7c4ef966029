import { notFound } from "next/navigation";
import { requireRole, type SessionUser } from "@/lib/auth/session";
import type { Scope } from "@/lib/roles";

/**
 * A detail page's guard: requireRole(scope) first (signed out: to the login page; without the scope: 403,
 * before the record is looked up, so an unauthorized visitor learns nothing, not even whether it exists),
 * then the record the path names (`load` reads it from the route's params), or a 404.
 */
export async function requireFound<P, T>(
  scope: Scope,
  params: Promise<P>,
  load: (params: P) => Promise<T | null>,
): Promise<{ user: SessionUser; found: T }> {
  const user = await requireRole(scope);
  const found = await load(await params);
  if (found === null) notFound();
  return { user, found };
}
