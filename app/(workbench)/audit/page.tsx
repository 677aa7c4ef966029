import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/app/_components/ui/alert";
import { buttonClass } from "@/app/_components/ui/button";
import { Card } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { inputClass } from "@/app/_components/ui/field";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_TARGETS, auditTargetHref, isAuditAction } from "@/lib/audit-actions";
import { formatAuditDetails } from "@/lib/audit-format";
import { requireRole } from "@/lib/auth/session";
import { auditActors, countAuditEvents, listAuditEvents } from "@/lib/db/audit";
import { auditFilterOf, auditQuery } from "@/lib/schemas/audit";
import { SelectOptions } from "@/app/_components/form/fields";

export const metadata: Metadata = { title: "Audit" };

const PAGE_SIZE = 50;
const dateTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

type Search = Record<string, string | string[] | undefined>;

/** Admins: everything the audit log recorded, filtered by who, what and which object, newest first. */
export default async function AuditPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireRole("audit:read");
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const parsed = auditQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : auditQuery.parse({});
  const filter = auditFilterOf(query);
  const [events, total, actors] = await Promise.all([
    listAuditEvents({ ...filter, limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE }),
    countAuditEvents(filter),
    auditActors(),
  ]);
  const params = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries({
      actor: query.actor,
      action: query.action,
      type: query.type,
      object: query.object,
      page: query.page,
      ...changes,
    })) {
      if (value !== undefined && value !== "" && !(key === "page" && value === 1)) next.set(key, String(value));
    }
    return next.toString();
  };
  const first = total === 0 ? 0 : (query.page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, query.page * PAGE_SIZE);
  const filtered = Boolean(query.actor || query.action || query.type || query.object);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit"
        description="Who did what, and what Gavel did by itself (system): users and roles, label sets, imports and exports, judges, calibrations, approvals and every change of a judge's state, canary re-checks, the gate policy. Times in UTC."
        actions={
          // A plain link: the file comes from a route handler, not a page.
          <a className={buttonClass("secondary", "md")} href={`/api/audit?${params({ page: undefined, format: "jsonl" })}`} download>
            Download JSONL
          </a>
        }
      />
      {!parsed.success ? (
        <Alert tone="error">{parsed.error.issues.map((i) => i.message).join("; ")}: showing everything instead.</Alert>
      ) : null}
      <form
        method="get"
        action="/audit"
        aria-label="Filter the audit log"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4"
      >
        <label className="flex flex-col gap-1 text-sm text-stone-700">
          Actor
          <select name="actor" defaultValue={query.actor ?? ""} className={inputClass}>
            <SelectOptions
              placeholder="anyone"
              options={[
                { value: "system", label: "system (Gavel itself, the command line)" },
                ...actors.map((a) => ({ value: a.id, label: a.email })),
              ]}
            />
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-stone-700">
          Action
          <select name="action" defaultValue={query.action ?? ""} className={inputClass}>
            <SelectOptions
              placeholder="any action"
              options={AUDIT_ACTION_NAMES.map((a) => ({ value: a, label: `${a} — ${AUDIT_ACTIONS[a].label}` }))}
            />
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-stone-700">
          Object type
          <select name="type" defaultValue={query.type ?? ""} className={inputClass}>
            <SelectOptions placeholder="any object" options={AUDIT_TARGETS.map((t) => ({ value: t, label: t }))} />
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-stone-700">
          Object id
          <input name="object" defaultValue={query.object ?? ""} placeholder="an id" className={inputClass} />
        </label>
        <button type="submit" className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700">
          Filter
        </button>
        {filtered ? (
          <Link href="/audit" className="text-sm text-indigo-700 hover:underline">
            Clear filters
          </Link>
        ) : null}
      </form>

      {events.length === 0 ? (
        <EmptyState title={filtered ? "No event matches these filters" : "Nothing recorded yet"}>
          {filtered
            ? "Clear a filter to see more."
            : "Events appear as people create users, label sets and judges, approve judges, export labels, and as Gavel re-checks judges."}
        </EmptyState>
      ) : (
        <Card>
          <Table>
            <TableHead columns={["When (UTC)", "Who", "Action", "Object", "Details"]} />
            <tbody className="divide-y divide-stone-100" data-testid="audit-events">
              {events.map((event) => {
                const href = auditTargetHref(event.targetType, event.targetId, event.details);
                const object = `${event.targetType}${event.targetId ? ` ${event.targetId}` : ""}`;
                return (
                  <tr key={event.id} data-action={event.action}>
                    <Td className="whitespace-nowrap text-stone-600">{dateTime.format(event.createdAt)}</Td>
                    <Td>
                      {event.actor ? (
                        <Link className="hover:underline" href={`/audit?${params({ actor: event.actor.id, page: 1 })}`}>
                          {event.actor.email}
                        </Link>
                      ) : (
                        <span className="text-stone-500">system</span>
                      )}
                    </Td>
                    <Td>
                      <Link className="font-mono text-xs hover:underline" href={`/audit?${params({ action: event.action, page: 1 })}`}>
                        {event.action}
                      </Link>
                      {isAuditAction(event.action) ? (
                        <div className="text-xs text-stone-500">{AUDIT_ACTIONS[event.action].label}</div>
                      ) : null}
                    </Td>
                    <Td className="font-mono text-xs">
                      {href ? (
                        <Link className="text-indigo-700 hover:underline" href={href}>
                          {object}
                        </Link>
                      ) : (
                        object
                      )}
                    </Td>
                    <Td className="max-w-xl break-all font-mono text-xs text-stone-600">{formatAuditDetails(event.details)}</Td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <nav aria-label="Pages" className="flex items-center justify-between border-t border-stone-100 px-4 py-3 text-sm">
            <span className="text-stone-600" data-testid="audit-range">
              {first}–{last} of {total}
            </span>
            <span className="flex gap-3">
              {query.page > 1 ? (
                <Link className="text-indigo-700 hover:underline" href={`/audit?${params({ page: query.page - 1 })}`}>
                  ← Newer
                </Link>
              ) : null}
              {last < total ? (
                <Link className="text-indigo-700 hover:underline" href={`/audit?${params({ page: query.page + 1 })}`}>
                  Older →
                </Link>
              ) : null}
            </span>
          </nav>
        </Card>
      )}
    </div>
  );
}
