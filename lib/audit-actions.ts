/**
 * Every action the audit log records, in one registry: recordAudit only accepts these, the Audit
 * page's filter lists them, and a database test makes each one happen and finds exactly one event.
 * `target` is the object the event is about (its type in AuditEvent.targetType).
 */
export const AUDIT_TARGETS = [
  "user",
  "queue",
  "transcript",
  "transcripts",
  "dataset",
  "judge",
  "judge_version",
  "calibration",
  "setting",
  "api_token",
  "ingest_rule",
  "webhook",
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

export const AUDIT_ACTIONS = {
  "user.created": { target: "user", label: "user created" },
  "user.role_changed": { target: "user", label: "role changed" },
  "user.disabled": { target: "user", label: "user disabled" },
  "user.enabled": { target: "user", label: "user enabled" },
  "user.adjudicator_granted": { target: "user", label: "adjudicator granted" },
  "user.adjudicator_revoked": { target: "user", label: "adjudicator revoked" },
  "user.sign_in_blocked": { target: "user", label: "sign-in blocked (too many failures)" },
  "queue.created": { target: "queue", label: "label set created" },
  "queue.rubric_changed": { target: "queue", label: "new rubric version" },
  "queue.sampled": { target: "queue", label: "stratified draw (label more)" },
  "queue.dev_ordered": { target: "queue", label: "dev split ordered most informative first" },
  "queue.stranded_reopened": { target: "queue", label: "stranded items reopened (skips cleared)" },
  "gold.adjudicated": { target: "transcript", label: "gold label adjudicated" },
  "gold.change_held": { target: "transcript", label: "gold change held for confirmation" },
  "gold.change_confirmed": { target: "transcript", label: "held gold change confirmed" },
  "gold.change_rejected": { target: "transcript", label: "held gold change rejected" },
  "gold.change_dropped": { target: "transcript", label: "held gold change dropped (labels back, or agreed)" },
  "item.commented": { target: "transcript", label: "comment posted" },
  "item.flagged": { target: "transcript", label: "flag set" },
  "item.unflagged": { target: "transcript", label: "flag cleared" },
  "label.edited": { target: "transcript", label: "label changed (My labels)" },
  "labels.imported": { target: "queue", label: "human labels imported" },
  "example.added": { target: "queue", label: "worked example added" },
  "example.removed": { target: "queue", label: "worked example removed" },
  "transcripts.imported": { target: "transcripts", label: "transcripts imported" },
  "dataset.imported": { target: "dataset", label: "data set imported" },
  "labels.exported": { target: "queue", label: "labels exported" },
  "judge.created": { target: "judge", label: "judge created" },
  "judge_version.created": { target: "judge_version", label: "judge version created" },
  "calibration.created": { target: "calibration", label: "calibration run" },
  "judge.approved": { target: "judge_version", label: "approved (gating)" },
  "judge.stale": { target: "judge_version", label: "stale (gold changed)" },
  "judge.recalibrated": { target: "judge_version", label: "recalibrated (gating again)" },
  "judge.demoted": { target: "judge_version", label: "demoted" },
  "judge.revoked": { target: "judge_version", label: "approval revoked" },
  "judge.canary_checked": { target: "judge_version", label: "canary re-check" },
  "settings.judge_gate_policy_changed": { target: "setting", label: "gate policy changed" },
  "api_token.created": { target: "api_token", label: "API token created" },
  "api_token.revoked": { target: "api_token", label: "API token revoked" },
  "api_token.used": { target: "api_token", label: "API token used" },
  "ingest_rule.created": { target: "ingest_rule", label: "live-trace routing rule created" },
  "ingest_rule.changed": { target: "ingest_rule", label: "live-trace routing rule changed" },
  "ingest_rule.deleted": { target: "ingest_rule", label: "live-trace routing rule deleted" },
  "webhook.created": { target: "webhook", label: "webhook registered" },
  "webhook.updated": { target: "webhook", label: "webhook disabled or enabled" },
  "webhook.deleted": { target: "webhook", label: "webhook deleted" },
  "webhook.test_sent": { target: "webhook", label: "webhook test event sent" },
} as const satisfies Record<string, { target: AuditTarget; label: string }>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

/** Where an event's object lives in the app, when it has a page. */
export function auditTargetHref(targetType: string, targetId: string | null, details: unknown): string | null {
  const d = (details && typeof details === "object" ? details : {}) as Record<string, unknown>;
  const id = targetId ? encodeURIComponent(targetId) : null;
  switch (targetType) {
    case "judge_version":
      return id ? `/judges/versions/${id}` : null;
    case "judge":
      return id ? `/judges/${id}` : null;
    case "calibration":
      return id ? `/judges/calibrations/${id}` : null;
    case "queue":
      return id ? `/label/${id}` : null;
    case "transcript":
      return typeof d.queueId === "string" ? `/label/${encodeURIComponent(d.queueId)}` : null;
    case "transcripts":
      return typeof d.queueId === "string" ? `/label/${encodeURIComponent(d.queueId)}` : null;
    case "user":
      return "/users";
    case "setting":
      return "/judges/policy";
    case "api_token":
      return "/users/tokens";
    case "ingest_rule":
      return "/label/routing";
    case "webhook":
      return "/webhooks";
    default:
      return null;
  }
}
