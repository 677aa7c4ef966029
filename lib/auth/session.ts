import "server-only";
import { getServerSession, type Session } from "next-auth";
import { cookies, headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { sessionUser } from "../db/sessions";
import type { PublicUser } from "../db/users";
import { authOptions } from "./options";
import { can, type Scope } from "../roles";

export type SessionUser = PublicUser;

const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"];

/**
 * The signed-in user, read fresh from the database on every request with the server-side session
 * the cookie names, so signing out, a role change or a disabled account takes effect at once.
 * null when signed out, disabled, the session was ended or the cookie is bad.
 */
export async function currentUser(): Promise<SessionUser | null> {
  return userOfSession(await getServerSession(authOptions()));
}

/** The user behind a next-auth session, when its server-side session is still live. */
export async function userOfSession(session: Session | null): Promise<SessionUser | null> {
  const id = session?.user?.id;
  const sid = session?.user?.sid;
  if (!id || !sid) return null;
  const user = await sessionUser(sid, id);
  if (!user || user.disabledAt) return null;
  return user;
}

/** For pages and server actions: signs the visitor in first when there is no valid session. */
export async function requireUser(): Promise<SessionUser> {
  // Looked at first: next-auth clears a cookie it cannot read while resolving the session.
  const jar = await cookies();
  const hadCookie = SESSION_COOKIES.some((name) => jar.has(name));
  const user = await currentUser();
  if (user) return user;
  const path = (await headers()).get("x-gavel-path");
  const params = new URLSearchParams();
  if (path && path.startsWith("/") && !path.startsWith("//")) params.set("callbackUrl", path);
  params.set("error", hadCookie ? "SessionInvalid" : "SessionRequired");
  redirect(`/login?${params}`);
}

/** requireUser, then a 403 unless the user's role grants the scope. */
export async function requireRole(scope: Scope): Promise<SessionUser> {
  const user = await requireUser();
  if (!can(user, scope)) forbidden();
  return user;
}
