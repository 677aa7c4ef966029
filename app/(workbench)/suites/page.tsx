import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { requireRole } from "@/lib/auth/session";
import { listSuites } from "@/lib/db/suites";

export const metadata: Metadata = { title: "Suites" };

export default async function SuitesPage() {
  await requireRole("read");
  const suites = await listSuites();
  return (
    <>
      <PageHeader
        title="Suites"
        description="Versioned task sets with known outcomes. A suite version is the sha256 of its canonical content; every run records it."
      />
      {suites.length === 0 ? (
        <EmptyState title="No suites yet">
          A suite is a folder under <code>datasets/</code> with a <code>suite.yaml</code>. It is recorded here the first time it runs.
        </EmptyState>
      ) : (
        <Card>
          <Table>
            <TableHead columns={["Suite", "Tasks", "Latest version"]} />
            <tbody className="divide-y divide-stone-100">
              {suites.map((suite) => {
                const latest = suite.versions[0];
                return (
                  <tr key={suite.id}>
                    <Td className="font-medium">
                      <Link href={`/suites/${encodeURIComponent(suite.name)}`} className="text-indigo-700 hover:underline">
                        {suite.name}
                      </Link>
                    </Td>
                    <Td>{latest?.taskCount ?? "—"}</Td>
                    <Td className="font-mono text-xs">{latest ? latest.hash.slice(0, 12) : "—"}</Td>
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
