import type { Metadata } from "next";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { rubricHistory } from "@/lib/db/rubric";
import { listWorkedExamples, type WorkedExampleRow } from "@/lib/db/worked-examples";
import { QueueHeader } from "../_adjudication/queue-header";
import { requireQueueTab } from "../_adjudication/require-queue";
import { AddExampleForm, RemoveExampleButton } from "./example-forms";
import { NewRubricForm } from "./rubric-form";

export const metadata: Metadata = { title: "Rubric" };

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A rubric version's worked examples; the explanation is the manager's own text, shown as text. */
function ExampleList({ queueId, examples, testId }: { queueId: string; examples: WorkedExampleRow[]; testId: string }) {
  return (
    <ul className="divide-y divide-stone-100" data-testid={testId}>
      {examples.map((e) => (
        <li
          key={e.id}
          className="flex items-start justify-between gap-3 py-2 text-sm"
          data-testid={`example-${e.transcriptId === null ? e.id : e.itemKey}`}
        >
          <div className="min-w-0">
            <p className="text-xs text-stone-500">
              <span className="font-mono">{e.transcriptId === null ? "written on the new-queue form" : e.itemKey}</span> · expected{" "}
              <span className="font-mono text-stone-900">{e.expectedValue}</span> · added {when.format(e.createdAt)} UTC
              {e.createdBy ? ` by ${e.createdBy}` : ""}
            </p>
            <p className="whitespace-pre-wrap break-words text-stone-800">{e.explanation}</p>
          </div>
          <RemoveExampleButton queueId={queueId} exampleId={e.id} />
        </li>
      ))}
    </ul>
  );
}

export default async function RubricPage({ params }: { params: Promise<{ queueId: string }> }) {
  const tabPage = await requireQueueTab("rubric", params);
  const { queue } = tabPage;
  const [history, examples] = await Promise.all([rubricHistory(queue.id), listWorkedExamples(queue.id)]);
  const current = examples.filter((e) => e.rubricVersion === queue.rubricVersion);
  return (
    <div className="space-y-6">
      <QueueHeader
        page={tabPage}
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
        <CardHeader
          title={`Worked examples (v${queue.rubricVersion})`}
          description="Examples written on the new-queue form, and finished items (a gold label and every label they need), with their expected label and why, shown to reviewers in the guideline panel (G) while this version is current. A new version starts with none."
        />
        <CardBody className="space-y-4">
          {current.length === 0 ? (
            <p className="text-sm text-stone-600" data-testid="no-examples">
              No worked examples for v{queue.rubricVersion} yet. Add one below, or from the Gold labels page.
            </p>
          ) : (
            <ExampleList queueId={queue.id} examples={current} testId="current-examples" />
          )}
          <AddExampleForm queueId={queue.id} rubricVersion={queue.rubricVersion} />
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
                {examples.some((e) => e.rubricVersion === h.version) ? (
                  <div className="mt-2 rounded border border-stone-200 px-3">
                    <p className="pt-2 text-xs font-semibold text-stone-600">Worked examples of v{h.version}</p>
                    <ExampleList
                      queueId={queue.id}
                      examples={examples.filter((e) => e.rubricVersion === h.version)}
                      testId={`examples-v${h.version}`}
                    />
                  </div>
                ) : null}
              </div>
            ))}
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}
