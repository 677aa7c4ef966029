import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardBody } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { requireRole } from "@/lib/auth/session";
import { queueFormChoices } from "@/lib/db/queue-admin";
import { DEFAULT_ITEM_KIND } from "@/lib/items/kinds";
import { QueueForm } from "../_components/queue-form";
import { createQueueAction } from "../queue-actions";

/** UTC, minutes: the same on the server and in every browser. */
const formatDateTime = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

export const metadata: Metadata = { title: "New label queue" };

export default async function NewQueuePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireRole("queues:manage");
  const params = await searchParams;
  const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
  const choices = await queueFormChoices();
  const initial = one(params.import)
    ? { source: "import" as const, importId: one(params.import) }
    : one(params.run)
      ? { source: "run" as const, runId: one(params.run) }
      : { source: choices.runs.length || !choices.imports.length ? ("run" as const) : ("import" as const) };
  return (
    <>
      <PageHeader
        title="New label queue"
        description="A queue is a label set: transcripts under one rubric, each labeled by a set number of reviewers, blind to any judge. Items come in a stable random order and are split into dev and test."
      />
      {choices.runs.length === 0 && choices.imports.length === 0 && choices.sources.length === 0 ? (
        <p className="mb-4 text-sm text-stone-600">
          Nothing to label yet: run a suite (<code className="rounded bg-stone-100 px-1 text-xs">gavel run</code>) or{" "}
          <Link className="font-medium text-indigo-700 underline" href="/label/import">
            import transcripts
          </Link>{" "}
          first.
        </p>
      ) : null}
      <Card>
        <CardBody>
          <QueueForm
            action={createQueueAction}
            initial={initial}
            choices={{
              runs: choices.runs.map((r) => ({
                id: r.id,
                label: `${r.suite} · ${formatDateTime(r.startedAt)} · ${r.passed}/${r.scored} passed${r.skipped ? `, ${r.skipped} skipped` : ""}${r.errors ? `, ${r.errors} errors` : ""} · ${r.id}`,
              })),
              imports: choices.imports.map((i) => ({
                id: i.id,
                label: `${i.fileName} · ${i.format} · ${i.items} transcripts${i.kind && i.kind !== DEFAULT_ITEM_KIND ? ` (${i.kind})` : ""} · ${formatDateTime(i.createdAt)}`,
              })),
              sources: [...new Set(choices.sources.map((s) => s.source))].map((source) => ({
                value: source,
                label: `${source} (${choices.sources
                  .filter((s) => s.source === source)
                  .map((s) => `${s.count} ${s.kind}`)
                  .join(", ")})`,
              })),
              reviewers: choices.reviewers.map((r) => ({ id: r.id, label: `${r.name ? `${r.name} · ` : ""}${r.email} (${r.role})` })),
            }}
          />
        </CardBody>
      </Card>
    </>
  );
}
