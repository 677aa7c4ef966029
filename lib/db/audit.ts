import "server-only";
import { db, type Db, type Tx } from "./client";

export interface AuditInput {
  actorId: string | null;
  /** user.created, user.role_changed, judge.approved, ... */
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(client: Db | Tx, event: AuditInput) {
  return client.auditEvent.create({
    data: {
      actorId: event.actorId,
      action: event.action,
      targetType: event.targetType,
      targetId: event.targetId ?? null,
      details: (event.details ?? {}) as object,
    },
  });
}

export async function listAuditEvents(options: { limit?: number; targetType?: string; targetId?: string } = {}) {
  return db().auditEvent.findMany({
    where: { targetType: options.targetType, targetId: options.targetId },
    orderBy: { createdAt: "desc" },
    take: options.limit ?? 50,
    include: { actor: { select: { id: true, email: true, name: true } } },
  });
}
