import type { Metadata } from "next";
import Link from "next/link";
import { LinkButton } from "@/app/_components/ui/button";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { itemThread, serializeThread, threadForTranscript } from "@/lib/db/labeling/comments";
import { nextItemView } from "@/lib/db/labeling/item";
import { nextItem } from "@/lib/db/labeling/next";
import { myProgress } from "@/lib/db/labeling/progress";
import { lastOwnLabel } from "@/lib/db/labeling/reveal";
import { getQueue } from "@/lib/db/queues";
import { guidelineExamples } from "@/lib/db/worked-examples";
import { labelPage } from "@/lib/labeling/label-page";
import { dimensionControls } from "@/lib/labeling/dimension-choices";
import { dimensionSummary } from "@/lib/labeling/dimension-summary";
import { readExtraDimensions } from "@/lib/schemas/dimensions";
import { formatDuration, formatMean } from "@/lib/labeling/time-spent";
import { GuidelineBody } from "../../_components/guideline-panel";
import { ItemNotes, ThreadList } from "../../_components/item-notes";
import { LabelWorkbench } from "../../_components/label-workbench";
import { RevealJudge } from "../../_components/reveal-judge";
import { TranscriptView } from "../../_components/transcript-view";
import type { QueuePageProps } from "../_adjudication/queue-header";
import { requireFound } from "../../../require-found";

export const metadata: Metadata = { title: "Labeling" };

/**
 * The labeling page. Blind by construction: it sends the browser the item (whitelisted transcript
 * fields, lib/labeling/item-view.ts), the queue's rubric, and the reviewer's own last label — never
 * a judge verdict or another reviewer's label. The verdict comes only from the reveal action.
 */
export default async function LabelItemPage({ params, searchParams }: QueuePageProps) {
  const { user, found: queue } = await requireFound("labels:write", params, ({ queueId }) => getQueue(queueId));
  const preferred = (await searchParams).item;
  const next = await nextItem(queue.id, user.id, { preferItemId: typeof preferred === "string" ? preferred : undefined });
  const [item, last, mine] = await Promise.all([nextItemView(next), lastOwnLabel(queue.id, user.id), myProgress(queue, user.id)]);
  const extraDimensions = readExtraDimensions(queue.dimensions);
  const { question, choices } = labelPage(queue.kind, { min: queue.scaleMin, max: queue.scaleMax });
  const [thread, lastThread, examples] = await Promise.all([
    item ? itemThread(item.queueItemId, user.id, "reviewer") : null,
    last ? threadForTranscript(queue.id, last.transcriptId, user.id) : null,
    // Never the item on screen, one open again, nor one whose content this reviewer has to label anywhere.
    item ? guidelineExamples(queue, item.transcriptId, user) : null,
  ]);
  const extra = (
    <>
      {item && thread ? <ItemNotes queueId={queue.id} queueItemId={item.queueItemId} thread={serializeThread(thread)} /> : null}
      {last ? (
        <RevealJudge
          key={last.id}
          queueId={queue.id}
          last={{
            transcriptId: last.transcriptId,
            externalId: last.transcript.externalId,
            value: last.value,
            dimensions: dimensionSummary(extraDimensions, last.dimensions),
            judgeSeen: last.judgeSeen,
          }}
        />
      ) : null}
      {last && lastThread && (lastThread.comments.length > 0 || lastThread.flags.length > 0) ? (
        <section className="rounded-lg border border-stone-200 bg-white p-3 text-sm shadow-sm" aria-label="Comments on your last item">
          <h2 className="mb-1 text-xs font-semibold text-stone-700">Comments on {last.transcript.externalId ?? "your last item"}</h2>
          <ThreadList thread={serializeThread(lastThread)} testId="last-thread" />
        </section>
      ) : null}
    </>
  );
  return (
    <>
      <PageHeader
        title={queue.name}
        description={
          <>
            {question} You have labeled <span data-testid="my-label-count">{mine.labeled}</span> item{mine.labeled === 1 ? "" : "s"} in this
            queue; <span data-testid="items-left">{mine.left.toLocaleString("en")}</span> left for you. Your time:{" "}
            <span data-testid="my-time-spent">{formatDuration(mine.timeSpentMs)}</span>; per label on average:{" "}
            <span data-testid="my-time-per-label">{formatMean(mine.timeSpentMs, mine.timed)}</span>.{" "}
            <Link href={`/label/${queue.id}`} className="text-indigo-700 hover:underline">
              Queue overview
            </Link>{" "}
            ·{" "}
            <Link href={`/label/mine?queue=${queue.id}`} className="text-indigo-700 hover:underline">
              My labels
            </Link>
          </>
        }
      />
      <LabelWorkbench
        key={item?.queueItemId ?? next.status}
        queueId={queue.id}
        queueItemId={item?.queueItemId ?? null}
        choices={choices}
        dimensions={dimensionControls(extraDimensions)}
        primaryName={queue.primaryDimension}
        pinned={typeof preferred === "string"}
        extra={extra}
        rubric={{ text: queue.rubric, version: queue.rubricVersion }}
        guidelines={
          examples ? (
            <GuidelineBody
              rubric={queue.rubric}
              rubricVersion={queue.rubricVersion}
              examples={examples.examples}
              hiddenPending={examples.hiddenPending}
            />
          ) : undefined
        }
      >
        {item ? (
          <div className="space-y-4">
            <p className="text-xs text-stone-500">
              Item{" "}
              <span className="font-mono" data-testid="item-key">
                {item.externalId ?? item.transcriptId}
              </span>
            </p>
            {/* The item's own rubric only when it says something the queue's does not. */}
            <TranscriptView item={item.rubric?.trim() === queue.rubric.trim() ? { ...item, rubric: null } : item} />
          </div>
        ) : next.status === "waiting" ? (
          <EmptyState title="Others are labeling the rest" action={<LinkButton href={`/label/${queue.id}/item`}>Check again</LinkButton>}>
            The {next.held} item{next.held === 1 ? " that still needs" : "s that still need"} a label {next.held === 1 ? "is" : "are"} being
            labeled by other reviewers right now. Their hold lapses after 10 minutes; check again then.
          </EmptyState>
        ) : next.status === "not-assigned" ? (
          <EmptyState title="This queue is assigned to other reviewers" action={<LinkButton href="/label">Back to the queues</LinkButton>}>
            Ask an admin to assign you if you should label it.
          </EmptyState>
        ) : (
          <EmptyState title="You are done with this queue" action={<LinkButton href="/label">Back to the queues</LinkButton>}>
            Every item has your label, your skip, or all the labels it needs. Thank you.
          </EmptyState>
        )}
      </LabelWorkbench>
    </>
  );
}
