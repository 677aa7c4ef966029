import { z } from "zod";
import { AUDIT_ACTION_NAMES, AUDIT_TARGETS } from "../audit-actions";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The Audit page's and GET /api/audit's filters: actor (a user id, or "system"), action, object type and id. */
export const auditQuery = z.object({
  actor: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  action: z.preprocess(
    blankToUndefined,
    z.enum(AUDIT_ACTION_NAMES as [string, ...string[]], { error: `action must be one of ${AUDIT_ACTION_NAMES.join(", ")}` }).optional(),
  ),
  type: z.preprocess(blankToUndefined, z.enum(AUDIT_TARGETS, { error: `type must be one of ${AUDIT_TARGETS.join(", ")}` }).optional()),
  object: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page starts at 1").default(1),
  ),
  format: z.preprocess(blankToUndefined, z.enum(["jsonl", "json"], { error: "format must be jsonl or json" }).default("jsonl")),
});

export type AuditQuery = z.output<typeof auditQuery>;

export function auditFilterOf(query: AuditQuery) {
  return { actorId: query.actor, action: query.action, targetType: query.type, targetId: query.object };
}
