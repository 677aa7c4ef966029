import Link from "next/link";
import { JudgeStateBadge } from "@/app/_components/judge-state-badge";
import { AUDIT_ACTIONS, isAuditAction } from "@/lib/audit-actions";
import type { AuditEventRow } from "@/lib/db/audit";
import { formatStat } from "@/lib/judges/format";

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

type Numbers = { kappa?: number | null; n?: number; ci95?: [number, number] | null; calibration?: string; flipRate?: number | null };
type Details = {
  from?: string;
  to?: string;
  reason?: string;
  labelSet?: string;
  before?: Numbers;
  after?: Numbers;
  itemsJudged?: number;
  verdictsReused?: number;
  outcome?: string;
  kappa?: number | null;
  n?: number;
  flipRate?: number | null;
  fingerprint?: string | null;
  via?: string | null;
  split?: string;
};

function numbers(n: Numbers | undefined) {
  if (!n) return null;
  return `κ ${formatStat(n.kappa ?? null)}${n.n !== undefined ? ` on ${n.n}` : ""}`;
}

function actorOf(event: AuditEventRow, d: Details) {
  if (event.actor) return event.actor.email;
  return d.via === "cli" ? "command line" : "system";
}

/**
 * The version's life as the audit log recorded it: each lifecycle move with its actor (or
 * "system"), reason and the numbers before and after; calibrations and canary re-checks between.
 */
export function Timeline({ events }: { events: AuditEventRow[] }) {
  if (events.length === 0) return <p className="text-sm text-stone-600">Nothing recorded yet.</p>;
  return (
    <ol className="space-y-3 border-l border-stone-200 pl-4" data-testid="judge-timeline">
      {events.map((event) => {
        const d = (event.details ?? {}) as Details;
        const label = isAuditAction(event.action) ? AUDIT_ACTIONS[event.action].label : event.action;
        const move = d.from && d.to;
        return (
          <li key={event.id} className="text-sm" data-testid="timeline-entry" data-action={event.action}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-xs text-stone-500">{when.format(event.createdAt)} UTC</span>
              {move ? (
                <span className="flex items-center gap-1">
                  <JudgeStateBadge state={d.from!} /> → <JudgeStateBadge state={d.to!} />
                </span>
              ) : (
                <span className="font-medium text-stone-900">{label}</span>
              )}
              <span className="text-stone-600">by {actorOf(event, d)}</span>
            </div>
            <div className="mt-0.5 text-stone-700">
              {event.action === "calibration.created" ? (
                <>
                  <Link className="text-indigo-700 hover:underline" href={`/judges/calibrations/${event.targetId}`}>
                    calibrated
                  </Link>{" "}
                  on {d.labelSet ?? "a label set"} ({d.split}): κ {formatStat(d.kappa ?? null)} on {d.n} items
                  {d.itemsJudged !== undefined ? ` · ${d.itemsJudged} judged, ${d.verdictsReused ?? 0} reused` : ""}
                </>
              ) : event.action === "judge.canary_checked" ? (
                <>
                  canary {d.outcome}: {d.reason}
                  {d.fingerprint ? <span className="font-mono text-xs"> · fingerprint {d.fingerprint}</span> : null}
                </>
              ) : (
                <>
                  {d.reason}
                  {d.before || d.after ? (
                    <span className="font-mono text-xs text-stone-600">
                      {" "}
                      · {[numbers(d.before), numbers(d.after)].filter(Boolean).join(" → ")}
                    </span>
                  ) : null}
                  {d.itemsJudged !== undefined ? (
                    <span className="text-xs text-stone-600">
                      {" "}
                      · {d.itemsJudged} items judged, {d.verdictsReused ?? 0} verdicts reused
                    </span>
                  ) : null}
                </>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
