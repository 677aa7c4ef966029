import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Alert } from "@/app/_components/ui/alert";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { requireRole } from "@/lib/auth/session";
import { itemView } from "@/lib/db/labeling/item";
import { myLabel } from "@/lib/db/labeling/mine";
import { labelChoices } from "@/lib/labeling/choices";
import { TranscriptView } from "../../_components/transcript-view";
import { EditLabelForm } from "../_components/edit-label-form";

export const metadata: Metadata = { title: "Change my label" };

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/**
 * One of the reviewer's own labels: the item as the labeling page showed it (whitelisted transcript
 * fields), their label and its history, and the form to change it. Nothing else about the item — no
 * other reviewer's label, gold value or judge verdict — so changing a label reveals nothing new.
 */
export default async function MyLabelPage({ params }: { params: Promise<{ labelId: string }> }) {
  const user = await requireRole("labels:write");
  const { labelId } = await params;
  const label = await myLabel(user.id, labelId);
  if (!label) notFound();
  const item = label.queueItemId ? await itemView(label.queueItemId) : null;
  const choices = labelChoices(label.queue.kind, { min: label.queue.scaleMin, max: label.queue.scaleMax });
  return (
    <>
      <PageHeader
        title={`Your label on ${label.itemKey}`}
        description={
          <>
            In {label.queue.name}.{" "}
            <Link href={`/label/mine?queue=${label.queue.id}`} className="text-indigo-700 hover:underline">
              My labels in this queue
            </Link>
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <section className="rounded-lg border border-indigo-200 bg-indigo-50/50 p-4">
            <h2 className="mb-1 text-sm font-semibold text-stone-900">Rubric (version {label.queue.rubricVersion})</h2>
            <p className="whitespace-pre-wrap text-sm text-stone-800">{label.queue.rubric}</p>
          </section>
          {item ? <TranscriptView item={item.rubric?.trim() === label.queue.rubric.trim() ? { ...item, rubric: null } : item} /> : null}
        </div>
        <div className="space-y-4 lg:sticky lg:top-4">
          <Card>
            <CardHeader title="Your label" />
            <CardBody className="space-y-3">
              <p className="text-sm">
                <span className="font-medium" data-testid="current-value">
                  {label.value}
                </span>
                {label.reason ? <span className="text-stone-600"> — {label.reason}</span> : null}
              </p>
              {label.blocked ? (
                <Alert tone="info" data-testid="edit-blocked">
                  This label can no longer be changed: {label.blocked}
                </Alert>
              ) : (
                <EditLabelForm
                  key={label.updatedAt.toISOString()}
                  labelId={label.labelId}
                  choices={choices}
                  value={label.value}
                  reason={label.reason}
                />
              )}
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="History" description="Given first, then every change, oldest first." />
            <CardBody>
              <ol className="space-y-1.5 text-sm" data-testid="label-history">
                <li>
                  Given {when.format(label.createdAt)} UTC:{" "}
                  <span className="font-medium">{label.history[0]?.previousValue ?? label.value}</span>
                </li>
                {label.history.map((h, i) => (
                  <li key={i}>
                    Changed {when.format(h.at)} UTC: {h.previousValue} → <span className="font-medium">{h.value}</span>
                    {h.reason && h.reason !== h.previousReason ? <span className="text-stone-600"> — {h.reason}</span> : null}
                  </li>
                ))}
              </ol>
            </CardBody>
          </Card>
        </div>
      </div>
    </>
  );
}
