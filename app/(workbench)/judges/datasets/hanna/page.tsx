import type { Metadata } from "next";
import { Suspense } from "react";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { DataSetNav } from "../../_components/real-data-links";
import { requireRole } from "@/lib/auth/session";
import { loadHannaData } from "@/lib/judging/real-data";
import { HannaAsPublishedPending, HannaAsPublishedSection } from "../../_components/hanna-as-published";
import { HannaSection, hannaView, RealDataIntro } from "../../_components/real-data";

export const metadata: Metadata = { title: "HANNA judges" };

/** HANNA's LLM raters (LLM × prompt variant) against three human raters per story, per criterion. */
export default async function HannaPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireRole("read");
  const view = hannaView((await searchParams).table);
  const data = await loadHannaData();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Real judges, real humans: HANNA"
        description={
          <>
            Chhun, Suchanek &amp; Clavel, TACL 2024: 960 generated stories rated 1–5 on six criteria by three humans and by LLMs with four
            prompt variants. · <DataSetNav current="hanna" />
          </>
        }
      />
      {data.hanna.rows.length === 0 ? (
        <EmptyState title="HANNA is not imported">
          <code>npx gavel import hanna datasets/hanna/hanna_metric_scores_llm.csv</code> imports it: six graded label sets, one judge per
          LLM with a version per prompt variant, and their calibrations.
        </EmptyState>
      ) : (
        <>
          <RealDataIntro policy={data.policy} />
          <HannaSection
            hanna={data.hanna}
            view={view}
            asPublished={
              <Suspense fallback={<HannaAsPublishedPending />}>
                <HannaAsPublishedSection />
              </Suspense>
            }
          />
        </>
      )}
    </div>
  );
}
