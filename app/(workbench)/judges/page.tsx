import type { Metadata } from "next";
import { Card } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, Td, Th } from "@/app/_components/ui/table";
import { requireRole } from "@/lib/auth/session";
import { listJudges } from "@/lib/db/judges";

export const metadata: Metadata = { title: "Judges" };

export default async function JudgesPage() {
  await requireRole("read");
  const judges = await listJudges();
  return (
    <>
      <PageHeader title="Judges" description="Every pinned judge version, measured against human labels. Only an approved version that clears the agreement bar may gate CI." />
      {judges.length === 0 ? (
        <EmptyState title="No judges yet">A judge is a pinned provider, model, prompt and parser. Create one, then calibrate it against a labeled set.</EmptyState>
      ) : (
        <Card>
          <Table>
            <thead className="bg-stone-50">
              <tr>
                <Th>Judge</Th>
                <Th>Latest version</Th>
                <Th>Provider / model</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {judges.map((judge) => {
                const latest = judge.versions[0];
                return (
                  <tr key={judge.id}>
                    <Td className="font-medium">{judge.name}</Td>
                    <Td>{latest ? `v${latest.version}` : "—"}</Td>
                    <Td className="font-mono text-xs">{latest ? `${latest.provider} / ${latest.model}` : "—"}</Td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </Card>
      )}
    </>
  );
}
