import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { buttonClass, LinkButton } from "@/app/_components/ui/button";
import { listAdjudicationItems } from "@/lib/db/adjudication";
import { serializeThread } from "@/lib/db/labeling/comments";
import { shapeOf } from "@/lib/db/agreement";
import { allowedValues } from "@/lib/labeling/agreement";
import { compactTranscript } from "@/lib/labeling/compact-transcript";
import { dimensionAgreement } from "@/lib/labeling/dimension-settle";
import { dimensionSummary } from "@/lib/labeling/dimension-summary";
import { readExtraDimensions } from "@/lib/schemas/dimensions";
import { exportFileName } from "@/lib/labeling/export";
import { QueueHeader, type QueuePageProps } from "../_adjudication/queue-header";
import { PendingGoldPanel } from "../_pending-gold/pending-gold-panel";
import { requireQueueTab } from "../_adjudication/require-queue";
import { AdjudicationList, type ListItem } from "./adjudication-list";

/** The label export's downloads: the full-transcript JSONL is the big one, so it is the quiet button. */
const EXPORTS = [
  { query: "format=csv", format: "csv", label: "CSV", tone: "secondary", testId: "export-csv" },
  { query: "format=jsonl", format: "jsonl", label: "JSONL", tone: "secondary", testId: "export-jsonl" },
  {
    query: "format=jsonl&transcript=1",
    format: "jsonl",
    label: "JSONL with full transcripts",
    tone: "ghost",
    testId: "export-jsonl-transcripts",
  },
] as const;

export const metadata: Metadata = { title: "Adjudicate" };

const PAGE_SIZE = 50;

export default async function AdjudicatePage({ params, searchParams }: QueuePageProps) {
  const tabPage = await requireQueueTab("adjudicate", params);
  const { user, queue } = tabPage;
  // ?item=<transcript id>: one item, opened from the item browser.
  const item = (await searchParams).item;
  const only = typeof item === "string" && item.length > 0 && item.length <= 64 ? item : undefined;
  const { items, total } = await listAdjudicationItems(queue, { limit: PAGE_SIZE, viewerId: user.id, only });
  if (only !== undefined && items.length === 0) notFound();
  const extra = readExtraDimensions(queue.dimensions);
  const listItems: ListItem[] = items.map((item) => ({
    transcriptId: item.transcriptId,
    externalId: item.transcript.externalId,
    split: item.split,
    criterion: item.transcript.criterion,
    view: compactTranscript(item.transcript),
    labels: item.labels.map((l) => ({ ...l, dimensions: dimensionSummary(extra, l.dimensions) })),
    settle: dimensionAgreement(
      extra,
      item.labels.map((l) => l.dimensions),
    ).disputed,
    disagreement: item.disagreement,
    thread: serializeThread(item.thread),
  }));
  const exportHref = `/api/queues/${queue.id}/labels`;
  return (
    <div className="space-y-6">
      <QueueHeader
        page={tabPage}
        description={
          <>
            Items whose reviewers disagree under rubric v{queue.rubricVersion}, and items a reviewer flagged (unsure, bad item, needs
            guideline), with their comments. Your decision becomes the item&rsquo;s gold label for this rubric version, the label judges are
            measured against; deciding again replaces it. Reviewers never see this page.
          </>
        }
      />
      <PendingGoldPanel queueId={queue.id} viewer={user} />
      <details className="rounded-lg border border-stone-200 bg-white px-4 py-3 text-sm shadow-sm" open={listItems.length > 0}>
        <summary className="cursor-pointer font-medium text-stone-800">Rubric v{queue.rubricVersion}: what reviewers were asked</summary>
        <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-stone-700" data-testid="adjudication-rubric">
          {queue.rubric}
        </pre>
      </details>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-stone-600">Export every label with its gold status, dimensions, task prompt and output:</span>
        {EXPORTS.map(({ query, format, label, tone, testId }) => (
          <a
            key={testId}
            className={buttonClass(tone, "sm")}
            href={`${exportHref}?${query}`}
            download={exportFileName(queue.name, format)}
            data-testid={testId}
          >
            {label}
          </a>
        ))}
      </div>
      {listItems.length === 0 ? (
        <EmptyState
          title="Nothing to adjudicate"
          action={
            <LinkButton href={`/label/${queue.id}/agreement`} tone="secondary">
              See agreement
            </LinkButton>
          }
        >
          Every item labeled by {queue.reviewersPerItem} reviewer{queue.reviewersPerItem === 1 ? "" : "s"} under rubric v
          {queue.rubricVersion} either has a unanimous (consensus) gold label or has been decided. New disagreements show up here as
          reviewers label.
        </EmptyState>
      ) : (
        <>
          {total > listItems.length ? (
            <p className="text-sm text-stone-600" data-testid="more-open">
              Showing the first {listItems.length} of {total} open items; reload after deciding these for the next ones.
            </p>
          ) : null}
          <AdjudicationList queueId={queue.id} kind={queue.kind} values={allowedValues(shapeOf(queue))} items={listItems} />
        </>
      )}
    </div>
  );
}
