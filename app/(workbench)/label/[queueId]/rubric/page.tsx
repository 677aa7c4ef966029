import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { requireRole } from "@/lib/auth/session";
import { findQueue } from "@/lib/db/agreement";
import { rubricHistory } from "@/lib/db/rubric";
import { QueueHeader } from "../_adjudication/queue-header";
import { NewRubricForm } from "./rubric-form";

export const metadata: Metadata = { title: "Rubric" };

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default async function RubricPage({ params }: { params: Promise<{ queueId: string }> }) {
  const user = await requireRole("queues:manage");
  const { queueId } = await params;
  const queue = await findQueue(queueId);
  if (!queue) notFound();
  const history = await rubricHistory(queue.id);
  return (
    <div className="space-y-6">
      <QueueHeader
        queue={queue}
        user={user}
        current="rubric"
        title="Rubric"
        description="Changing what reviewers are asked makes a new rubric version. Labels and gold labels are versioned: old ones stay with the version they were made under, and agreement, adjudication and judge calibration use the current version only, so the queue's items need labels again."
      />
      <Card>
        <CardHeader title={`Current rubric (v${queue.rubricVersion})`} />
        <CardBody>
          <pre className="whitespace-pre-wrap break-words font-sans text-sm text-stone-800" data-testid="current-rubric">
            {queue.rubric}
          </pre>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="New rubric version" description="Edit the text and save: the version number goes up by one." />
        <CardBody>
          <NewRubricForm queueId={queue.id} rubric={queue.rubric} nextVersion={queue.rubricVersion + 1} />
        </CardBody>
      </Card>
      {history.length > 0 ? (
        <Card>
          <CardHeader title="Earlier versions" />
          <CardBody className="space-y-4">
            {history.map((h) => (
              <div key={`${h.version}-${h.replacedAt.toISOString()}`}>
                <p className="text-xs text-stone-500">
                  v{h.version ?? "?"} · replaced {when.format(h.replacedAt)} UTC{h.replacedBy ? ` by ${h.replacedBy}` : ""}
                </p>
                <pre className="mt-1 whitespace-pre-wrap break-words font-sans text-sm text-stone-700">{h.rubric}</pre>
              </div>
            ))}
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}
