import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/app/_components/ui/alert";
import { Card } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { LinkButton } from "@/app/_components/ui/button";
import { shapeOf } from "@/lib/db/agreement";
import { browseItems, queueReviewers, SCAN_WINDOW } from "@/lib/db/labeling/browse";
import { allowedValues } from "@/lib/labeling/agreement";
import { parseItemBrowserQuery, type ItemBrowserQuery } from "@/lib/schemas/item-browser";
import { QueueHeader } from "../_adjudication/queue-header";
import { requireQueueTab } from "../_adjudication/require-queue";
import { ItemFilters } from "./filters";
import { ItemTable } from "./item-table";

export const metadata: Metadata = { title: "Items" };

/**
 * A queue's items, searched and filtered, 50 at a time. Adjudicators and admins only, like the
 * adjudication and gold pages: each row shows every reviewer's label, which a reviewer who has not
 * labeled the item yet must never see (docs/security.md, blind review). Judge verdicts are not shown.
 */
export default async function ItemBrowserPage({
  params,
  searchParams,
}: {
  params: Promise<{ queueId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const tabPage = await requireQueueTab("items", params);
  const { queue } = tabPage;
  const parsed = parseItemBrowserQuery(await searchParams);
  const reviewers = await queueReviewers(queue);
  const values = allowedValues(shapeOf(queue));
  const header = (
    <QueueHeader
      page={tabPage}
      description={
        <>
          Every item of the queue in queue order, with its status, split and the labels so far under rubric v{queue.rubricVersion}. Search
          by transcript id or external id (the whole queue), or by words in the prompt or output ({SCAN_WINDOW.toLocaleString("en")} items
          at a time). Open an item to see it in full and decide it.
        </>
      }
    />
  );
  if (!parsed.ok) {
    return (
      <div className="space-y-6">
        {header}
        <Alert tone="error" data-testid="browser-error">
          <p className="font-medium">This filter cannot be read:</p>
          <ul className="list-disc pl-5">
            {parsed.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
          <Link href={`/label/${queue.id}/items`} className="text-indigo-700 hover:underline">
            Show every item
          </Link>
        </Alert>
      </div>
    );
  }
  const query = parsed.query;
  const page = await browseItems(queue, query);
  const filtered = Object.entries(query).some(([k, v]) => v !== undefined && k !== "after" && k !== "before");
  const href = (cursor: Partial<Pick<ItemBrowserQuery, "after" | "before">>) => {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...query, after: undefined, before: undefined, ...cursor }))
      if (v !== undefined && v !== "") next.set(k, String(v));
    return `/label/${queue.id}/items?${next.toString()}`;
  };
  return (
    <div className="space-y-6">
      {header}
      {/* Keyed by the query: a client-side navigation (Clear, a page link) must not keep the old uncontrolled values. */}
      <ItemFilters key={JSON.stringify(query)} queueId={queue.id} query={query} values={values} reviewers={reviewers} />
      {page.unknownReviewer ? (
        <Alert tone="warn" data-testid="browser-error">
          Nobody with the email {query.reviewer} has an account: choose a reviewer from the list.
        </Alert>
      ) : null}
      {page.exact.length > 0 ? (
        <Card>
          <p className="px-4 pt-3 text-sm font-medium text-stone-800">Transcript id or external id is exactly &ldquo;{query.q}&rdquo;</p>
          <ItemTable queueId={queue.id} rows={page.exact} testId="exact-items" />
        </Card>
      ) : null}
      <Card>
        {page.rows.length === 0 ? (
          <div className="p-5">
            {page.searched ? (
              <EmptyState
                title={`No match in the next ${page.searched.toLocaleString("en")} items`}
                action={
                  <LinkButton href={href({ after: page.next ?? undefined })} tone="secondary">
                    Search the next {SCAN_WINDOW.toLocaleString("en")}
                  </LinkButton>
                }
              >
                Text search reads the queue {SCAN_WINDOW.toLocaleString("en")} items at a time so a page stays fast at a million items.
              </EmptyState>
            ) : filtered ? (
              <EmptyState
                title="No items match"
                action={
                  <LinkButton href={`/label/${queue.id}/items`} tone="secondary">
                    Clear the filters
                  </LinkButton>
                }
              >
                Loosen a filter, or clear them all to see every item.
              </EmptyState>
            ) : (
              <EmptyState
                title="This queue has no items yet"
                action={
                  <LinkButton href="/label/import" tone="secondary">
                    Import transcripts
                  </LinkButton>
                }
              >
                Add transcripts to the queue (import a JSONL file, or send a run&apos;s trials to it); they show up here in queue order.
              </EmptyState>
            )}
          </div>
        ) : (
          <ItemTable queueId={queue.id} rows={page.rows} testId="items" />
        )}
      </Card>
      {page.searched && page.rows.length > 0 ? (
        <p className="text-sm text-stone-600" data-testid="searched">
          These are the matches in the next {page.searched.toLocaleString("en")} items; the search goes on from there.
        </p>
      ) : null}
      <nav aria-label="Pages" className="flex items-center gap-4 text-sm">
        {page.previous ? (
          <Link href={href({ before: page.previous })} className="text-indigo-700 hover:underline">
            ← Previous
          </Link>
        ) : null}
        {query.after || query.before ? (
          <Link href={href({})} className="text-indigo-700 hover:underline">
            First page
          </Link>
        ) : null}
        {page.next && page.rows.length > 0 ? (
          <Link href={href({ after: page.next })} className="text-indigo-700 hover:underline">
            Next →
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
