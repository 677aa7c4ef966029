import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { Badge } from "@/app/_components/ui/badge";
import { Card, CardBody, CardHeader, SectionCard } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { requireRole } from "@/lib/auth/session";
import { ingestOverview, listIngestRules } from "@/lib/db/ingest";
import { listQueues } from "@/lib/db/queues";
import { idleWindowMs } from "@/lib/ingest/sweeper";
import { CreateRuleForm, RuleRowActions } from "./rule-forms";

export const metadata: Metadata = { title: "Live traces" };

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
const percent = (rate: number) => `${Number((rate * 100).toFixed(2))}%`;

/** Live OTLP ingestion: what came in and where it went, and the rules that route it (admins). */
export default async function RoutingPage() {
  await requireRole("queues:manage");
  const [rules, overview, queues] = await Promise.all([listIngestRules(), ingestOverview(), listQueues()]);
  const host = (await headers()).get("host");
  const server = process.env.NEXTAUTH_URL?.trim() || (host ? `http://${host}` : "https://your-gavel-server");
  const total = (match: (c: (typeof overview.closed)[number]) => boolean) =>
    overview.closed.filter(match).reduce((n, c) => n + c.traces, 0);
  const routedBy = (ruleId: string) => total((c) => c.routing === "routed" && c.ruleId === ruleId);
  const transcripts = total((c) => c.outcome === "transcript");
  const unrouted = total((c) => c.outcome === "transcript" && c.routing !== "routed");
  const queueName = new Map(queues.map((q) => [q.id, q.name]));
  return (
    <div className="space-y-8">
      <PageHeader
        title="Live traces"
        description={`Traces your application sends to POST /v1/traces become transcripts once no span has arrived for ${idleWindowMs() / 1000} s; the first matching rule below puts them in a label set.`}
      />
      <section aria-label="Ingestion summary" className="grid gap-4 sm:grid-cols-4">
        {[
          ["Transcripts from live traces", transcripts],
          ["In a label set", total((c) => c.routing === "routed")],
          ["Stored, not routed", unrouted],
          ["Traces still open", overview.pending.traces],
        ].map(([label, value]) => (
          <Card key={label as string}>
            <CardBody>
              <p className="text-sm text-stone-600">{label}</p>
              <p className="text-2xl font-semibold" data-testid={`ingest-${String(label).toLowerCase().replace(/\W+/g, "-")}`}>
                {value}
              </p>
            </CardBody>
          </Card>
        ))}
      </section>
      <Card>
        <CardHeader
          title="Routing rules"
          description="Checked top to bottom; the first enabled rule that matches decides. Every change is in the audit log."
        />
        {rules.length ? (
          <Table aria-label="Routing rules">
            <TableHead columns={["Rule", "Service", "Attribute", "Sample", "Label set", "Routed", "Actions"]} />
            <tbody className="divide-y divide-stone-100">
              {rules.map((r) => (
                <tr key={r.id} data-testid={`rule-row-${r.name}`}>
                  <Td className="font-medium">
                    {r.name} {r.enabled ? null : <Badge tone="muted">disabled</Badge>}
                  </Td>
                  <Td className="font-mono text-xs">{r.service ?? "any"}</Td>
                  <Td className="font-mono text-xs">
                    {r.attributeKey ? `${r.attributeKey}${r.attributeValue !== null ? ` = ${r.attributeValue}` : ""}` : "any"}
                  </Td>
                  <Td>{percent(r.sampleRate)}</Td>
                  <Td>
                    {r.queue ? <Link href={`/label/${r.queue.id}`}>{r.queue.name}</Link> : <Badge tone="bad">label set missing</Badge>}
                    {r.queue?.archivedAt ? <Badge tone="bad">archived</Badge> : null}
                  </Td>
                  <Td>{routedBy(r.id)}</Td>
                  <Td>
                    <RuleRowActions ruleId={r.id} name={r.name} enabled={r.enabled} />
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <CardBody className="text-sm text-stone-600">
            No rules yet: live traces are stored as transcripts but go to no label set. Add a rule below to send them to one.
          </CardBody>
        )}
      </Card>
      <Card>
        <CardHeader title="New rule" />
        <CardBody>
          {queues.length ? (
            <CreateRuleForm queues={queues.map((q) => ({ id: q.id, name: q.name }))} />
          ) : (
            <p className="text-sm text-stone-600">
              Rules send traces to a label set: <Link href="/label/new">create one first</Link>.
            </p>
          )}
        </CardBody>
      </Card>
      <SectionCard title="Send traces" bodyClassName="space-y-2 text-sm text-stone-700">
        <p>
          Create a token with the <code>traces:ingest</code> scope on the <Link href="/users/tokens">API tokens</Link> page, then point any
          OpenTelemetry OTLP/HTTP exporter (protobuf or JSON) here:
        </p>
        <pre className="overflow-x-auto rounded bg-stone-900 px-3 py-2 font-mono text-xs text-stone-100">{`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=${server}/v1/traces
OTEL_EXPORTER_OTLP_TRACES_HEADERS="Authorization=Bearer <token>"`}</pre>
        <p>Spans are stored before the server answers, so a restart loses nothing it acknowledged. docs/transcripts.md has the details.</p>
      </SectionCard>
      <Card>
        <CardHeader title="Recent traces" description="The last 20 closed, newest first." />
        {overview.recent.length ? (
          <Table aria-label="Recent traces">
            <TableHead columns={["Closed", "Trace", "Service", "Spans", "Became", "Note"]} />
            <tbody className="divide-y divide-stone-100">
              {overview.recent.map((t) => (
                <tr key={t.id}>
                  <Td className="whitespace-nowrap text-sm text-stone-600">{when.format(t.closedAt)}</Td>
                  <Td className="font-mono text-xs">{t.traceId}</Td>
                  <Td className="text-sm">{t.service ?? "—"}</Td>
                  <Td>{t.spans}</Td>
                  <Td className="text-sm">
                    {t.outcome !== "transcript" ? (
                      <Badge tone={t.outcome === "error" ? "bad" : "muted"}>{t.outcome}</Badge>
                    ) : t.routing === "routed" && t.queueId ? (
                      <>transcript in {queueName.get(t.queueId) ?? "an archived label set"}</>
                    ) : (
                      <>transcript, {t.routing === "sampled_out" ? "sampled out" : "not routed"}</>
                    )}
                  </Td>
                  <Td className="max-w-md break-words text-xs text-stone-600">{t.note ?? ""}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <CardBody className="text-sm text-stone-600">
            Nothing has arrived yet. Send traces as shown above; they show up here once closed.
          </CardBody>
        )}
      </Card>
    </div>
  );
}
