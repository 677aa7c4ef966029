import "server-only";
import { randomUUID } from "node:crypto";
import { db, type Tx } from "./client";
import { publicFields, type PublicUser } from "./users";

/**
 * Server-side sessions. The session cookie (a signed JWT) names one of these rows; every request
 * looks it up with its user, so signing out (the row is deleted) ends the session at once for every
 * copy of the cookie, and disabling a user or changing their role ends all of theirs.
 */
export async function createSession(userId: string, maxAgeS: number, now = new Date()): Promise<string> {
  const id = randomUUID();
  await db().$transaction([
    db().session.deleteMany({ where: { expiresAt: { lte: now } } }),
    db().session.create({ data: { id, userId, expiresAt: new Date(now.getTime() + maxAgeS * 1000) } }),
  ]);
  return id;
}

/** The signed-in user of a live session, or null (signed out, expired, or the session is another user's). */
export async function sessionUser(sessionId: string, userId: string, now = new Date()): Promise<PublicUser | null> {
  const session = await db().session.findUnique({
    where: { id: sessionId },
    select: { userId: true, expiresAt: true, user: { select: publicFields } },
  });
  if (!session || session.userId !== userId || session.expiresAt <= now) return null;
  return session.user;
}

export async function endSession(sessionId: string): Promise<void> {
  await db().session.deleteMany({ where: { id: sessionId } });
}

/** Ends every session of a user (disabled, role changed). */
export async function endUserSessions(userId: string, client: Tx | ReturnType<typeof db> = db()): Promise<void> {
  await client.session.deleteMany({ where: { userId } });
}
