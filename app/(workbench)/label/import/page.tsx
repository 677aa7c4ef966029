import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardBody } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { requireRole } from "@/lib/auth/session";
import { listQueues } from "@/lib/db/queues";
import { ImportForm } from "../_components/import-form";
import { importTranscriptsAction } from "../queue-actions";

export const metadata: Metadata = { title: "Import transcripts" };

export default async function ImportTranscriptsPage() {
  await requireRole("queues:manage");
  const queues = await listQueues();
  return (
    <>
      <PageHeader
        title="Import transcripts"
        description="Every line is checked before anything is written: one bad line and nothing is imported, with each problem named by line and field. Importing the same file again adds nothing twice."
      />
      <Card>
        <CardBody>
          <ImportForm action={importTranscriptsAction} queues={queues.map((q) => q.name)} />
        </CardBody>
      </Card>
      <p className="mt-4 text-sm text-stone-600">
        The formats, with a full example line and how OpenTelemetry spans are mapped, are in docs/transcripts.md. From CI:{" "}
        <code className="rounded bg-stone-100 px-1 text-xs">gavel import transcripts FILE --queue NAME</code>. Already have transcripts?{" "}
        <Link className="font-medium text-indigo-700 underline" href="/label/new">
          Create a queue
        </Link>
        .
      </p>
    </>
  );
}
