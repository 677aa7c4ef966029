import "server-only";
import type { CanaryPair, CanaryResult } from "../judges/canary";
import { recordAudit } from "./audit";
import { db, type Prisma } from "./client";
import { moveApproval } from "./judge-lifecycle";

/** Canary re-checks: each one stored with its items, audited, and a failure demotes the version in the same transaction. */
export async function latestCanaryCheck(approvalId: string) {
  return db().canaryCheck.findFirst({ where: { approvalId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}

/** The fingerprint the provider answered with at the newest canary that saw one (null: none yet). */
export async function latestObservedFingerprint(judgeVersionId: string): Promise<string | null> {
  const row = await db().canaryCheck.findFirst({
    where: { judgeVersionId, fingerprint: { not: null } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { fingerprint: true },
  });
  return row?.fingerprint ?? null;
}

export async function listCanaryChecks(judgeVersionId: string, take = 20) {
  return db().canaryCheck.findMany({ where: { judgeVersionId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take });
}

export interface CanaryRecord {
  approval: {
    id: string;
    judgeVersionId: string;
    fingerprint: string | null;
    calibration: { id: string; kappa: number | null; n: number };
  };
  outcome: "passed" | "failed" | "inconclusive";
  result: CanaryResult;
  pairs: CanaryPair[];
  fingerprint: string | null;
  baselineFingerprint: string | null;
  reason: string;
  /** For the audit event: judge name, version, label set. */
  about: Record<string, unknown>;
  now?: Date;
}

export async function saveCanaryCheck(record: CanaryRecord) {
  const { approval, result } = record;
  return db().$transaction(async (tx) => {
    const check = await tx.canaryCheck.create({
      data: {
        approvalId: approval.id,
        judgeVersionId: approval.judgeVersionId,
        outcome: record.outcome,
        fingerprint: record.fingerprint,
        baselineFingerprint: record.baselineFingerprint,
        n: result.n,
        kappa: result.kappa,
        kappaCiHigh: result.ci95?.[1] ?? null,
        flipRate: result.flipRate,
        reason: record.reason,
        items: record.pairs as unknown as Prisma.InputJsonValue,
        ...(record.now ? { createdAt: record.now } : {}),
      },
    });
    const numbers = {
      n: result.n,
      kappa: result.kappa,
      ci95: result.ci95,
      flipped: result.flipped,
      compared: result.compared,
      flipRate: result.flipRate,
    };
    await recordAudit(tx, {
      actorId: null,
      action: "judge.canary_checked",
      targetType: "judge_version",
      targetId: approval.judgeVersionId,
      details: {
        ...record.about,
        outcome: record.outcome,
        reason: record.reason,
        fingerprint: record.fingerprint,
        baselineFingerprint: record.baselineFingerprint,
        ...numbers,
        canaryCheck: check.id,
      },
    });
    // The first fingerprint a canary sees becomes the baseline when the approval's answers carried none.
    if (record.outcome === "passed" && approval.fingerprint === null && record.fingerprint !== null) {
      await tx.approval.update({ where: { id: approval.id }, data: { fingerprint: record.fingerprint } });
    }
    const demoted =
      record.outcome === "failed"
        ? await moveApproval(tx, approval, "gating", "demoted", {
            actorId: null,
            reason: `the canary re-check failed: ${record.reason}`,
            now: record.now,
            details: {
              ...record.about,
              before: {
                calibration: approval.calibration.id,
                kappa: approval.calibration.kappa,
                n: approval.calibration.n,
                fingerprint: approval.fingerprint,
              },
              after: { ...numbers, fingerprint: record.fingerprint },
              canaryCheck: check.id,
            },
          })
        : null;
    return { check, demoted: demoted !== null };
  });
}
