import Link from "next/link";
import { Badge, type BadgeTone } from "@/app/_components/ui/badge";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import type { BrowseRow } from "@/lib/db/labeling/browse";
import { STATUS_NAMES, type ItemStatus } from "@/lib/labeling/item-status";

const TONES: Record<ItemStatus, BadgeTone> = {
  "needs-labels": "muted",
  labeled: "info",
  gold: "good",
  stranded: "warn",
  skipped: "neutral",
};

/**
 * One row per item. Prompt and output are untrusted agent text: rendered as React text children
 * (escaped), cut to a snippet, never as HTML or a link.
 */
export function ItemTable({ queueId, rows, testId }: { queueId: string; rows: BrowseRow[]; testId: string }) {
  return (
    <Table data-testid={testId}>
      <TableHead columns={["Item", "Prompt / output", "Status", "Split", "Labels", "Flags / comments"]} />
      <tbody className="divide-y divide-stone-100">
        {rows.map((r) => {
          const key = r.externalId ?? r.transcriptId;
          return (
            <tr key={r.queueItemId} data-testid={`item-${key}`}>
              <Td className="font-mono text-xs">
                <Link
                  href={`/label/${queueId}/adjudicate?item=${encodeURIComponent(r.transcriptId)}`}
                  className="text-indigo-700 hover:underline"
                >
                  {key}
                </Link>
                {r.externalId ? <p className="text-stone-500">{r.transcriptId}</p> : null}
              </Td>
              <Td className="max-w-md text-xs">
                <p className="text-stone-900">{r.prompt}</p>
                {r.output ? <p className="mt-1 text-stone-600">→ {r.output}</p> : null}
              </Td>
              <Td>
                <Badge tone={TONES[r.status]} data-testid="item-status">
                  {STATUS_NAMES[r.status]}
                </Badge>
                {r.gold ? (
                  <p className="mt-1 text-xs text-stone-600">
                    {r.gold.value} ({r.gold.source})
                  </p>
                ) : null}
              </Td>
              <Td>{r.split}</Td>
              <Td className="text-xs">
                {r.labels.length === 0 ? (
                  <span className="text-stone-500">none</span>
                ) : (
                  <ul>
                    {r.labels.map((l) => (
                      <li key={l.reviewerEmail}>
                        <span className="font-medium">{l.value}</span>{" "}
                        <span className="text-stone-600" title={l.reviewerEmail}>
                          {l.reviewerName ?? l.reviewerEmail}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                {r.skips > 0 ? <p className="text-stone-500">{r.skips} skipped</p> : null}
              </Td>
              <Td className="text-xs" data-testid="item-flags">
                {r.openFlags > 0 ? (
                  <Badge tone="warn">
                    {r.openFlags} flag{r.openFlags === 1 ? "" : "s"}
                  </Badge>
                ) : null}{" "}
                {r.comments > 0 ? `${r.comments} comment${r.comments === 1 ? "" : "s"}` : r.openFlags > 0 ? null : "—"}
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
