import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/app/_components/ui/badge";
import { LinkButton } from "@/app/_components/ui/button";
import { Card, CardHeader } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { requireRole } from "@/lib/auth/session";
import { listMyLabels, listMySkips } from "@/lib/db/labeling/mine";
import { getQueue } from "@/lib/db/queues";
import { UnskipButton } from "./_components/unskip-button";

export const metadata: Metadata = { title: "My labels" };

const ACTIONS = <span className="sr-only">Actions</span>;
const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/**
 * A reviewer's own history: their labels (newest first, keyset-paged) and their skips, across queues
 * or in one (?queue=). Only their own values are on it — nothing another reviewer or a judge said.
 */
export default async function MyLabelsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireRole("labels:write");
  const params = await searchParams;
  const queueParam = typeof params.queue === "string" ? params.queue : undefined;
  const cursor = typeof params.after === "string" ? params.after : undefined;
  const queue = queueParam ? await getQueue(queueParam) : null;
  const queueId = queue?.id;
  const queueColumn = queue ? [] : ["Queue"];
  const [labels, skips] = await Promise.all([listMyLabels(user.id, { queueId, cursor }), cursor ? [] : listMySkips(user.id, { queueId })]);
  const here = (extra: Record<string, string>) =>
    `/label/mine?${new URLSearchParams({ ...(queueId ? { queue: queueId } : {}), ...extra })}`;
  return (
    <>
      <PageHeader
        title={queue ? `My labels in ${queue.name}` : "My labels"}
        description={
          <>
            Every label you gave{queue ? " in this queue" : ""}, newest first. Change one until an adjudicator decides its item; the earlier
            values stay in its history. Take back a skip to get the item again.{" "}
            {queue ? (
              <>
                <Link href={`/label/${queue.id}`} className="text-indigo-700 hover:underline">
                  Queue overview
                </Link>{" "}
                ·{" "}
                <Link href="/label/mine" className="text-indigo-700 hover:underline">
                  All queues
                </Link>
              </>
            ) : null}
          </>
        }
      />
      {skips.length > 0 ? (
        <Card className="mb-6">
          <CardHeader title="Skipped" description="Items you passed on. Un-skip one to have it offered to you again." />
          <Table data-testid="my-skips">
            <TableHead columns={[...queueColumn, "Item", "Skipped", ACTIONS]} />
            <tbody className="divide-y divide-stone-100">
              {skips.map((s) => (
                <tr key={s.queueItemId} data-testid={`skip-${s.itemKey}`}>
                  {queue ? null : <Td>{s.queueName}</Td>}
                  <Td className="font-mono text-xs">{s.itemKey}</Td>
                  <Td>{when.format(s.skippedAt)} UTC</Td>
                  <Td className="text-right">
                    <UnskipButton queueId={s.queueId} queueItemId={s.queueItemId} itemKey={s.itemKey} />
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      ) : null}
      <Card>
        <CardHeader title="Labels" />
        {labels.rows.length === 0 ? (
          <div className="p-5">
            <EmptyState title={cursor ? "No older labels" : "No labels yet"}>Labels you give show up here.</EmptyState>
          </div>
        ) : (
          <Table data-testid="my-labels">
            <TableHead columns={[...queueColumn, "Item", "Your label", "Given", "Changes", ACTIONS]} />
            <tbody className="divide-y divide-stone-100">
              {labels.rows.map((l) => (
                <tr key={l.labelId} data-testid={`my-label-${l.itemKey}`}>
                  {queue ? null : <Td>{l.queueName ?? "—"}</Td>}
                  <Td className="font-mono text-xs">{l.itemKey}</Td>
                  <Td data-testid="my-label-value">{l.value}</Td>
                  <Td>{when.format(l.createdAt)} UTC</Td>
                  <Td>{l.edits > 0 ? `${l.edits} change${l.edits === 1 ? "" : "s"}` : "—"}</Td>
                  <Td className="text-right">
                    {l.blocked ? (
                      <Badge tone="muted" title={l.blocked}>
                        Closed
                      </Badge>
                    ) : (
                      <LinkButton href={`/label/mine/${l.labelId}`} size="sm" aria-label={`Change label on ${l.itemKey}`}>
                        Change
                      </LinkButton>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {labels.next || cursor ? (
          <div className="flex gap-3 border-t border-stone-100 p-3 text-sm">
            {cursor ? (
              <Link href={here({})} className="text-indigo-700 hover:underline">
                Newest
              </Link>
            ) : null}
            {labels.next ? (
              <Link href={here({ after: labels.next })} className="text-indigo-700 hover:underline">
                Older labels
              </Link>
            ) : null}
          </div>
        ) : null}
      </Card>
    </>
  );
}
