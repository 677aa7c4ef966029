import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/app/_components/ui/badge";
import { Card } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { exampleTranscriptIds } from "@/lib/db/worked-examples";
import { can } from "@/lib/roles";
import { listGoldLabels, type GoldSourceFilter } from "@/lib/db/gold-labels";
import { dimensionSummary, dimensionSummaryText } from "@/lib/labeling/dimension-summary";
import { readExtraDimensions } from "@/lib/schemas/dimensions";
import { QueueHeader, type QueuePageProps } from "../_adjudication/queue-header";
import { requireQueueTab } from "../_adjudication/require-queue";
import { AddExampleForm } from "../rubric/example-forms";

export const metadata: Metadata = { title: "Gold labels" };

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const SOURCES: GoldSourceFilter[] = ["consensus", "adjudication", "import"];

/**
 * A queue's gold labels. Adjudicators and admins only, like the export: a gold label is what the
 * reviewers said, and a reviewer who has not labeled an item yet must not learn it.
 */
export default async function GoldLabelsPage({ params, searchParams }: QueuePageProps) {
  const tabPage = await requireQueueTab("gold", params);
  const { user, queue } = tabPage;
  const query = await searchParams;
  const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
  const version = Number(one(query.version));
  const source = SOURCES.find((s) => s === one(query.source));
  const { rows, total, page, pages } = await listGoldLabels(queue, {
    version: Number.isInteger(version) && version >= 1 ? version : undefined,
    source,
    page: Number(one(query.page)) || 1,
  });
  const shownVersion = Number.isInteger(version) && version >= 1 ? version : queue.rubricVersion;
  // Worked examples belong to the current rubric version, and only queue managers attach them.
  const examples =
    can(user, "queues:manage") && shownVersion === queue.rubricVersion ? await exampleTranscriptIds(queue.id, shownVersion) : null;
  const href = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams();
    const merged = { version: one(query.version), source, page: String(page), ...changes };
    for (const [k, v] of Object.entries(merged)) if (v !== undefined && v !== "") next.set(k, String(v));
    return `/label/${queue.id}/gold?${next.toString()}`;
  };
  return (
    <div className="space-y-6">
      <QueueHeader
        page={tabPage}
        description={
          <>
            The labels judges are calibrated against: <span data-testid="gold-total">{total.toLocaleString("en")}</span> at rubric version{" "}
            {shownVersion}
            {source ? ` from ${source}` : ""}. Consensus when every reviewer agreed, adjudication when someone decided a disagreement,
            import when they came with a data set.
          </>
        }
      />
      <nav aria-label="Filter gold labels" className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-stone-600">Source:</span>
        {[undefined, ...SOURCES].map((s) => (
          <Link
            key={s ?? "all"}
            href={href({ source: s, page: 1 })}
            aria-current={s === source ? "page" : undefined}
            className={s === source ? "font-medium text-indigo-800" : "text-indigo-700 hover:underline"}
          >
            {s ?? "all"}
          </Link>
        ))}
        {queue.rubricVersion > 1 ? (
          <>
            <span className="ml-4 text-stone-600">Rubric version:</span>
            {Array.from({ length: queue.rubricVersion }, (_, i) => queue.rubricVersion - i).map((v) => (
              <Link
                key={v}
                href={href({ version: v, page: 1 })}
                aria-current={v === shownVersion ? "page" : undefined}
                className={v === shownVersion ? "font-medium text-indigo-800" : "text-indigo-700 hover:underline"}
              >
                v{v}
              </Link>
            ))}
          </>
        ) : null}
      </nav>
      <Card>
        {rows.length === 0 ? (
          <div className="p-5">
            <EmptyState title="No gold labels here yet">
              Items get a gold label when all their reviewers agree, or when an adjudicator decides them.
            </EmptyState>
          </div>
        ) : (
          <Table data-testid="gold-labels">
            <TableHead columns={["Item", "Gold", "Source", "Split", "Decided by", "When (UTC)", ...(examples ? ["Worked example"] : [])]} />
            <tbody className="divide-y divide-stone-100">
              {rows.map((g) => (
                <tr key={g.transcriptId} data-testid={`gold-${g.externalId ?? g.transcriptId}`}>
                  <Td className="font-mono text-xs">{g.externalId ?? g.transcriptId}</Td>
                  <Td>
                    <Badge tone="neutral">{g.value}</Badge>
                    {g.score !== null ? <span className="ml-1 text-xs text-stone-600">score {g.score}</span> : null}
                    {g.dimensions ? (
                      <p className="mt-1 text-xs text-stone-600" data-testid="gold-dimensions">
                        {dimensionSummaryText(dimensionSummary(readExtraDimensions(queue.dimensions), g.dimensions))}
                      </p>
                    ) : null}
                    {g.note ? <p className="mt-1 text-xs text-stone-600">{g.note}</p> : null}
                  </Td>
                  <Td>{g.source}</Td>
                  <Td>{g.split ?? "—"}</Td>
                  <Td>{g.decidedBy ?? (g.source === "consensus" ? "every reviewer" : "—")}</Td>
                  <Td className="whitespace-nowrap">{when.format(g.createdAt)}</Td>
                  {examples ? (
                    <Td className="min-w-64">
                      {examples.has(g.transcriptId) ? (
                        <Badge tone="info" data-testid="is-example">
                          worked example
                        </Badge>
                      ) : (
                        <details>
                          <summary className="cursor-pointer text-sm text-indigo-700">Use as example</summary>
                          <div className="mt-2">
                            <AddExampleForm queueId={queue.id} item={g.transcriptId} rubricVersion={queue.rubricVersion} />
                          </div>
                        </details>
                      )}
                    </Td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
          {page > 1 ? (
            <Link href={href({ page: page - 1 })} className="text-indigo-700 hover:underline">
              Previous
            </Link>
          ) : null}
          <span data-testid="gold-page">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link href={href({ page: page + 1 })} className="text-indigo-700 hover:underline">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
