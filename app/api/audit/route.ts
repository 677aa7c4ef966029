import { apiRoute } from "@/lib/auth/api";
import { countAuditEvents, iterateAuditEvents, listAuditEvents, type AuditEventRow } from "@/lib/db/audit";
import { auditFilterOf, auditQuery } from "@/lib/schemas/audit";

const PAGE = 100;

function toJson(event: AuditEventRow) {
  return {
    id: event.id,
    at: event.createdAt.toISOString(),
    actor: event.actor ? { id: event.actor.id, email: event.actor.email } : null,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    details: event.details,
  };
}

/**
 * GET /api/audit?format=jsonl[&actor=<user id>|system][&action=…][&type=…][&object=<id>] (admins):
 * every matching audit event, newest first, one JSON object per line, streamed page by page.
 * format=json gives one page ({events, total, page}) of 100 instead.
 */
export const GET = apiRoute("audit:read", async (request) => {
  const query = auditQuery.parse(Object.fromEntries(request.nextUrl.searchParams));
  const filter = auditFilterOf(query);
  if (query.format === "json") {
    const [events, total] = await Promise.all([
      listAuditEvents({ ...filter, limit: PAGE, offset: (query.page - 1) * PAGE }),
      countAuditEvents(filter),
    ]);
    return Response.json(
      { events: events.map(toJson), total, page: query.page, pageSize: PAGE },
      { headers: { "cache-control": "no-store" } },
    );
  }
  const encoder = new TextEncoder();
  const events = iterateAuditEvents(filter);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await events.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(`${JSON.stringify(toJson(next.value))}\n`));
    },
    async cancel() {
      await events.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "content-disposition": 'attachment; filename="gavel-audit.jsonl"',
      "cache-control": "no-store",
    },
  });
});
