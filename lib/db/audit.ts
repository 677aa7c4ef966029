import "server-only";
import { AUDIT_ACTIONS, type AuditAction } from "../audit-actions";
import { db, type Db, type Prisma, type Tx } from "./client";

export interface AuditInput {
  /** The user who did it; null for Gavel itself ("system") or the command line. */
  actorId: string | null;
  action: AuditAction;
  /** Defaults to the action's registered target type. */
  targetType?: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(client: Db | Tx, event: AuditInput) {
  return client.auditEvent.create({
    data: {
      actorId: event.actorId,
      action: event.action,
      targetType: event.targetType ?? AUDIT_ACTIONS[event.action].target,
      targetId: event.targetId ?? null,
      details: JSON.parse(JSON.stringify(event.details ?? {})) as object,
    },
  });
}

/** "system" filters the events Gavel recorded itself (no actor). */
export interface AuditFilter {
  actorId?: string | "system";
  action?: string;
  targetType?: string;
  targetId?: string;
}

function where(filter: AuditFilter): Prisma.AuditEventWhereInput {
  return {
    ...(filter.actorId === "system" ? { actorId: null } : filter.actorId ? { actorId: filter.actorId } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.targetType ? { targetType: filter.targetType } : {}),
    ...(filter.targetId ? { targetId: filter.targetId } : {}),
  };
}

const include = { actor: { select: { id: true, email: true, name: true } } } as const;

export async function listAuditEvents(options: AuditFilter & { limit?: number; offset?: number } = {}) {
  return db().auditEvent.findMany({
    where: where(options),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.limit ?? 50,
    skip: options.offset ?? 0,
    include,
  });
}

export type AuditEventRow = Awaited<ReturnType<typeof listAuditEvents>>[number];

export async function countAuditEvents(filter: AuditFilter = {}) {
  return db().auditEvent.count({ where: where(filter) });
}

/** Every matching event, newest first, read in pages so a long log never sits in memory at once. */
export async function* iterateAuditEvents(filter: AuditFilter = {}, pageSize = 500): AsyncGenerator<AuditEventRow> {
  let cursor: string | undefined;
  for (;;) {
    const page = await db().auditEvent.findMany({
      where: where(filter),
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: pageSize,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      include,
    });
    yield* page;
    if (page.length < pageSize) return;
    cursor = page.at(-1)!.id;
  }
}

/** The people who appear in the log, for the Audit page's actor filter. */
export async function auditActors() {
  const rows = await db().auditEvent.findMany({
    where: { actorId: { not: null } },
    distinct: ["actorId"],
    select: { actor: { select: { id: true, email: true } } },
  });
  return rows.flatMap((r) => (r.actor ? [r.actor] : [])).sort((a, b) => a.email.localeCompare(b.email));
}

/**
 * A judge version's timeline: every event about it (creation, approvals and every lifecycle move,
 * canary re-checks) and about its calibrations, oldest first.
 */
export async function judgeVersionTimeline(judgeVersionId: string) {
  const calibrations = await db().calibration.findMany({ where: { judgeVersionId }, select: { id: true } });
  return db().auditEvent.findMany({
    where: {
      OR: [
        { targetType: "judge_version", targetId: judgeVersionId },
        ...(calibrations.length ? [{ targetType: "calibration", targetId: { in: calibrations.map((c) => c.id) } }] : []),
      ],
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 500,
    include,
  });
}
