import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { openDisagreementIds } from "@/lib/db/adjudication";
import { agreementContext, loadVisibleLabels, shapeOf } from "@/lib/db/agreement";
import { itemKind } from "@/lib/items/kinds";
import { queueAgreement } from "@/lib/labeling/agreement";
import { agreementByDimension } from "@/lib/labeling/dimension-agreement";
import { queueDimensions } from "@/lib/schemas/dimensions";
import { can } from "@/lib/roles";
import { formatPercent, formatStat } from "@/lib/judges/format";
import { QueueHeader } from "../_adjudication/queue-header";
import { requireQueueTab } from "../_adjudication/require-queue";
import { PairTable, ReviewerTable, Stat } from "./agreement-tables";
import { DimensionAgreementCard } from "./dimension-agreement";

export const metadata: Metadata = { title: "Agreement" };

export default async function AgreementPage({ params }: { params: Promise<{ queueId: string }> }) {
  const tabPage = await requireQueueTab("agreement", params);
  const { user, queue } = tabPage;
  const [{ rows: labels, hidden }, context, open] = await Promise.all([
    loadVisibleLabels(queue, user),
    agreementContext(queue),
    openDisagreementIds(queue),
  ]);
  const result = queueAgreement(labels, shapeOf(queue));
  const emails = new Map(labels.map((l) => [l.reviewerId, l.reviewer.email]));
  const { group } = result;
  const byDimension = agreementByDimension(labels, queueDimensions(queue));

  return (
    <div className="space-y-6">
      <QueueHeader
        page={tabPage}
        description="How often the reviewers of this queue agree with each other, beyond chance, on the items they share."
      />
      <Card className="border-indigo-200 bg-indigo-50/40" data-testid="ceiling-explanation">
        <CardBody className="space-y-2 text-sm text-stone-800">
          <p>
            <strong>This is the ceiling any judge can reach.</strong> A judge is measured against these reviewers&rsquo; labels; when the
            reviewers agree with each other only so far, no judge can honestly be expected to agree with them further, and a judge&rsquo;s κ
            near this number is as good as another person.
          </p>
          <p className="text-stone-600">
            Cohen&rsquo;s κ = (p<sub>o</sub> − p<sub>e</sub>) / (1 − p<sub>e</sub>): the share of shared items two reviewers agree on (p
            <sub>o</sub>), corrected for the agreement their own label frequencies would give by chance (p<sub>e</sub>). 1 is perfect
            agreement, 0 no better than chance. <em>Undefined</em> means the statistic has no value here, never 0 or 1: for instance two
            reviewers who each gave every shared item the same single label (p<sub>e</sub> = 1). Only labels made under the current rubric
            (v{queue.rubricVersion}) count.
          </p>
        </CardBody>
      </Card>

      {hidden > 0 ? (
        <p className="text-sm text-stone-600" data-testid="blind-labels">
          {hidden} label{hidden === 1 ? "" : "s"} on items you may still label {hidden === 1 ? "is" : "are"} left out of these numbers
          (blind review): they count here once you have labeled those items.
        </p>
      ) : null}
      {labels.length === 0 ? (
        <EmptyState title={`No labels under rubric v${queue.rubricVersion} yet`}>
          Agreement needs at least two reviewers on the same items. Set the queue&rsquo;s reviewers per item to 2 or more, and have
          reviewers label it; the numbers appear here.
          {context.olderLabels > 0 ? ` (${context.olderLabels} labels made under earlier rubric versions are kept but not counted.)` : null}
        </EmptyState>
      ) : (
        <>
          <Card>
            <CardHeader
              title={byDimension.length ? `All reviewers, primary dimension: ${queue.primaryDimension}` : "All reviewers"}
              description={`${result.reviewers.length} reviewer${result.reviewers.length === 1 ? "" : "s"}, ${labels.length} labels on ${context.items} items.`}
            />
            <CardBody>
              <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="group-agreement">
                <Stat
                  label={`Krippendorff's α (${group.alphaLevel})`}
                  value={formatStat(group.alpha)}
                  note={group.alphaUndefinedReason ?? "Uses every item with two or more labels; missing labels are fine."}
                  testId="alpha"
                />
                <Stat
                  label={`Human ceiling: Fleiss' κ${itemKind(queue.kind).ordinal ? " (quadratic)" : ""}`}
                  value={formatStat(group.fleissKappa)}
                  note={
                    group.fleissUndefinedReason ??
                    `${group.items} items with two or more labels${group.labelsPerItem ? ` (${group.labelsPerItem} each)` : " (different numbers: Gwet's form)"}. Judge pages show this same number.`
                  }
                  testId="fleiss"
                />
                <Stat
                  label="Unanimous items"
                  value={formatPercent(group.percentUnanimous)}
                  note={`${group.unanimous} of ${group.items} items with two or more labels.`}
                  testId="unanimous"
                />
                <Stat
                  label="Waiting for adjudication"
                  value={String(open.length)}
                  note={
                    <>
                      Gold labels: {context.goldBySource.consensus ?? 0} by consensus, {context.goldBySource.adjudication ?? 0} adjudicated
                      {context.goldBySource.import ? `, ${context.goldBySource.import} imported` : ""}.{" "}
                      {open.length > 0 && can(user, "labels:adjudicate") ? (
                        <Link className="text-indigo-700 hover:underline" href={`/label/${queue.id}/adjudicate`}>
                          Adjudicate
                        </Link>
                      ) : null}
                    </>
                  }
                  testId="open-disagreements"
                />
              </dl>
            </CardBody>
          </Card>
          <Card>
            <CardHeader
              title="Each pair of reviewers"
              description="Cohen's κ on the items both labeled, with the asymptotic standard error (Fleiss, Cohen & Everitt 1969) and its Wald 95% interval; percent agreement with its Wilson 95% interval."
            />
            {result.pairs.length === 0 ? (
              <CardBody className="text-sm text-stone-600">Only one reviewer has labeled under this rubric: a pair needs two.</CardBody>
            ) : (
              <PairTable pairs={result.pairs} emails={emails} categories={result.categories} graded={itemKind(queue.kind).ordinal} />
            )}
          </Card>
          {byDimension.map((agreement) => (
            <DimensionAgreementCard key={agreement.dimension.name} agreement={agreement} emails={emails} />
          ))}
          <Card>
            <CardHeader
              title="Reviewers"
              description="How many labels each gave, by value: a reviewer who gives one value only makes κ undefined or 0."
            />
            <ReviewerTable reviewers={result.reviewers} emails={emails} categories={result.categories} />
          </Card>
          {context.olderLabels > 0 ? (
            <p className="text-sm text-stone-600">
              {context.olderLabels} labels made under earlier rubric versions are kept (see the export) but not counted here.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
