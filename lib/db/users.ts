import "server-only";
import type { AuditAction } from "../audit-actions";
import type { Role } from "../roles";
import { databaseProvider, databaseUrl } from "../database-url";
import { UserError } from "../errors";
import { recordAudit } from "./audit";
import { db, type Prisma } from "./client";
import { isUniqueViolation } from "./retry";

export const publicFields = {
  id: true,
  email: true,
  name: true,
  role: true,
  isAdjudicator: true,
  disabledAt: true,
  createdAt: true,
} as const;

export type PublicUser = Prisma.UserGetPayload<{ select: typeof publicFields }>;

export async function countUsers(): Promise<number> {
  return db().user.count();
}

export async function findUserForSignIn(email: string) {
  return db().user.findUnique({ where: { email } });
}

export async function findUserById(id: string): Promise<PublicUser | null> {
  return db().user.findUnique({ where: { id }, select: publicFields });
}

export async function findUserByEmail(email: string): Promise<PublicUser | null> {
  return db().user.findUnique({ where: { email }, select: publicFields });
}

export async function listUsers(): Promise<PublicUser[]> {
  return db().user.findMany({ select: publicFields, orderBy: [{ role: "asc" }, { email: "asc" }] });
}

export interface NewUser {
  email: string;
  name?: string;
  role: Role;
  passwordHash: string | null;
  isAdjudicator?: boolean;
}

export async function createUser(user: NewUser, actorId: string | null): Promise<PublicUser> {
  try {
    return await db().$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          email: user.email,
          name: user.name,
          role: user.role,
          passwordHash: user.passwordHash,
          isAdjudicator: user.isAdjudicator ?? false,
        },
        select: publicFields,
      });
      await recordAudit(tx, {
        actorId,
        action: "user.created",
        targetType: "user",
        targetId: created.id,
        details: { email: created.email, role: created.role },
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new UserError(`A user with the email ${user.email} already exists.`, 409, "email");
    throw error;
  }
}

const SIGN_UP_CLOSED = "Sign-up is closed: ask an admin to create your account.";

/**
 * The first account on a production database becomes its admin. The check and the insert share
 * one transaction that holds the users table against other writers (PostgreSQL: a table lock;
 * SQLite serialises writers anyway), so two simultaneous sign-ups cannot both become admin: the
 * second waits, then finds the first.
 */
export async function createFirstAdmin(user: Omit<NewUser, "role">): Promise<PublicUser> {
  return db().$transaction(async (tx) => {
    if (databaseProvider(databaseUrl()) === "postgres") await tx.$executeRawUnsafe('LOCK TABLE "users" IN SHARE ROW EXCLUSIVE MODE');
    if ((await tx.user.count()) > 0) throw new UserError(SIGN_UP_CLOSED, 409);
    const created = await tx.user.create({
      data: { email: user.email, name: user.name, role: "admin", passwordHash: user.passwordHash },
      select: publicFields,
    });
    await recordAudit(tx, {
      actorId: created.id,
      action: "user.created",
      targetType: "user",
      targetId: created.id,
      details: { email: created.email, role: "admin", firstSignUp: true },
    });
    return created;
  });
}

export async function changeRole(userId: string, role: Role, actorId: string): Promise<PublicUser> {
  return db().$transaction(async (tx) => {
    const user = await userToChange(tx, userId);
    if (user.role === role) return user;
    if (user.role === "admin") await assertAnotherActiveAdmin(tx, userId);
    const updated = await tx.user.update({ where: { id: userId }, data: { role }, select: publicFields });
    // Sessions made under the old role end: the user signs in again with the new one.
    await tx.session.deleteMany({ where: { userId } });
    await recordUserChange(tx, actorId, "user.role_changed", user, { from: user.role, to: role });
    return updated;
  });
}

export async function setUserDisabled(userId: string, disabled: boolean, actorId: string): Promise<PublicUser> {
  return db().$transaction(async (tx) => {
    const user = await userToChange(tx, userId);
    if (disabled && userId === actorId) throw new UserError("You cannot disable your own account.", 409);
    if (disabled && user.role === "admin") await assertAnotherActiveAdmin(tx, userId);
    const updated = await tx.user.update({
      where: { id: userId },
      data: { disabledAt: disabled ? new Date() : null },
      select: publicFields,
    });
    if (disabled) await tx.session.deleteMany({ where: { userId } });
    await recordUserChange(tx, actorId, disabled ? "user.disabled" : "user.enabled", user);
    return updated;
  });
}

/** Flags a user as adjudicator: they may decide gold labels on disagreements without being an admin. */
export async function setAdjudicator(userId: string, isAdjudicator: boolean, actorId: string): Promise<PublicUser> {
  return db().$transaction(async (tx) => {
    const user = await userToChange(tx, userId);
    if (user.isAdjudicator === isAdjudicator) return user;
    const updated = await tx.user.update({ where: { id: userId }, data: { isAdjudicator }, select: publicFields });
    await recordUserChange(tx, actorId, isAdjudicator ? "user.adjudicator_granted" : "user.adjudicator_revoked", user);
    return updated;
  });
}

/** The user an admin's change is about, read inside the change's transaction: one that is gone is a 404. */
async function userToChange(tx: Prisma.TransactionClient, userId: string): Promise<PublicUser> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: publicFields });
  if (!user) throw new UserError("That user does not exist.", 404);
  return user;
}

/** The audit event of a change to an account, named by its email (the id alone says nothing once read back). */
async function recordUserChange(
  tx: Prisma.TransactionClient,
  actorId: string,
  action: AuditAction,
  user: PublicUser,
  details: Record<string, unknown> = {},
) {
  await recordAudit(tx, { actorId, action, targetType: "user", targetId: user.id, details: { email: user.email, ...details } });
}

async function assertAnotherActiveAdmin(tx: Prisma.TransactionClient, userId: string) {
  const others = await tx.user.count({ where: { role: "admin", disabledAt: null, id: { not: userId } } });
  if (others === 0) throw new UserError("Gavel needs at least one active admin: make someone else admin first.", 409);
}

/**
 * An account blocked from signing in after too many failures (lib/auth/throttle.ts). The target is
 * the user when the email is known; unknown emails are recorded too (someone is guessing).
 */
export async function recordSignInBlocked(email: string, blockedForS: number, address: string) {
  const normalized = email.trim().toLowerCase();
  const user = normalized ? await db().user.findUnique({ where: { email: normalized }, select: { id: true } }) : null;
  await recordAudit(db(), {
    actorId: null,
    action: "user.sign_in_blocked",
    targetId: user?.id ?? null,
    details: { email: normalized, blockedForS, address },
  });
}
