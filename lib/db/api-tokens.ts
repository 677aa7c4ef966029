import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { grantableScopes, isTokenScope, type TokenScope } from "../token-scopes";
import { UserError } from "../errors";
import type { Role } from "../roles";
import { recordAudit } from "./audit";
import { db } from "./client";

/** "gvl_" and 32 random bytes (256 bits) in base64url: too much entropy to guess, so a fast hash is enough to store. */
export function generateToken(): string {
  return `gvl_${randomBytes(32).toString("base64url")}`;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

const TOKEN_SHAPE = /^gvl_[A-Za-z0-9_-]{43}$/;
export const looksLikeToken = (value: string) => TOKEN_SHAPE.test(value);

export const scopesOf = (stored: string): TokenScope[] => stored.split(" ").filter(isTokenScope);

const listed = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  lastUsedAt: true,
  revokedAt: true,
  createdAt: true,
  user: { select: { id: true, email: true } },
} as const;

/**
 * A new token for a user; the plain token is returned once and never stored (only its sha256).
 * Scopes beyond what the user's role allows are refused.
 */
export async function createApiToken(
  user: { id: string; role: Role; isAdjudicator?: boolean },
  input: { name: string; scopes: TokenScope[] },
) {
  const allowed = grantableScopes(user);
  const refused = input.scopes.filter((s) => !allowed.includes(s));
  if (refused.length) throw new UserError(`Your role (${user.role}) cannot hold ${refused.join(", ")}.`, 422, "scopes");
  const token = generateToken();
  const created = await db().$transaction(async (tx) => {
    const row = await tx.apiToken.create({
      data: {
        userId: user.id,
        name: input.name,
        tokenHash: hashToken(token),
        prefix: token.slice(0, 10),
        scopes: [...new Set(input.scopes)].join(" "),
      },
      select: listed,
    });
    await recordAudit(tx, {
      actorId: user.id,
      action: "api_token.created",
      targetType: "api_token",
      targetId: row.id,
      details: { name: input.name, scopes: row.scopes, prefix: row.prefix },
    });
    return row;
  });
  return { token, record: created };
}

export async function listApiTokens(options: { userId?: string } = {}) {
  return db().apiToken.findMany({
    where: { userId: options.userId },
    orderBy: [{ revokedAt: { sort: "asc", nulls: "first" } }, { createdAt: "desc" }],
    select: listed,
  });
}

/** Revokes a token: its owner may, and an admin may revoke anyone's. */
export async function revokeApiToken(id: string, actor: { id: string; role: Role }) {
  const token = await db().apiToken.findUnique({
    where: { id },
    select: { id: true, userId: true, revokedAt: true, name: true, prefix: true },
  });
  if (!token || (token.userId !== actor.id && actor.role !== "admin")) throw new UserError("No such token.", 404);
  if (token.revokedAt) return token;
  return db().$transaction(async (tx) => {
    const row = await tx.apiToken.update({
      where: { id },
      data: { revokedAt: new Date() },
      select: { id: true, userId: true, revokedAt: true, name: true, prefix: true },
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "api_token.revoked",
      targetType: "api_token",
      targetId: id,
      details: { name: token.name, prefix: token.prefix, owner: token.userId },
    });
    return row;
  });
}

/** The token and its owner, found by the token's hash; null when unknown. The caller decides what revoked or disabled means. */
export async function findApiToken(token: string) {
  if (!looksLikeToken(token)) return null;
  return db().apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      name: true,
      prefix: true,
      scopes: true,
      revokedAt: true,
      user: { select: { id: true, email: true, name: true, role: true, isAdjudicator: true, disabledAt: true, createdAt: true } },
    },
  });
}

/** How long one api_token.used audit row and one lastUsedAt stand for a token's uses. */
export const TOKEN_USE_WINDOW_MS = 60_000;

/** Per process: when each token's current use window opened, so a request inside it writes nothing. */
const openWindows = new Map<string, number>();

/**
 * An accepted use. A token that sends thousands of requests a minute (an OTLP exporter) must not
 * cost a write transaction each, so uses are coalesced: the first use in a minute sets lastUsedAt
 * and writes one api_token.used row naming that request; further uses in the same minute write
 * nothing. The audit thus says, per token, every minute it was used and a request it made then.
 * lastUsedAt is the start of the latest such minute. The guarded update makes this hold across
 * processes too (only the one whose update moved lastUsedAt writes the row); the in-process map
 * only spares the database the question. Returns whether this use was written.
 */
export async function recordTokenUse(
  tokenId: string,
  userId: string,
  request: { method: string; path: string },
  now: Date = new Date(),
): Promise<boolean> {
  const opened = openWindows.get(tokenId);
  if (opened !== undefined && now.getTime() >= opened && now.getTime() - opened < TOKEN_USE_WINDOW_MS) return false;
  const cutoff = new Date(now.getTime() - TOKEN_USE_WINDOW_MS);
  const written = await db().$transaction(async (tx) => {
    const moved = await tx.apiToken.updateMany({
      where: { id: tokenId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: cutoff } }, { lastUsedAt: { gt: now } }] },
      data: { lastUsedAt: now },
    });
    if (moved.count === 0) return false;
    await recordAudit(tx, { actorId: userId, action: "api_token.used", targetType: "api_token", targetId: tokenId, details: request });
    return true;
  });
  if (written) openWindows.set(tokenId, now.getTime());
  else {
    // Another process opened the window: learn when, so the rest of this minute asks nothing.
    const row = await db().apiToken.findUnique({ where: { id: tokenId }, select: { lastUsedAt: true } });
    if (row?.lastUsedAt) openWindows.set(tokenId, row.lastUsedAt.getTime());
  }
  return written;
}
