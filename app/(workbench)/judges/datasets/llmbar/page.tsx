import type { Metadata } from "next";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { DataSetNav } from "../../_components/real-data-links";
import { requireRole } from "@/lib/auth/session";
import { loadLlmbarData } from "@/lib/judging/real-data";
import { LlmbarSection, RealDataIntro } from "../../_components/real-data";

export const metadata: Metadata = { title: "LLMBar judges" };

/** LLMBar's judges (prompt strategy × model) against its gold preferences: read from stored calibrations. */
export default async function LlmbarPage() {
  await requireRole("read");
  const data = await loadLlmbarData();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Real judges, real humans: LLMBar"
        description={
          <>
            Zeng et al., ICLR 2024: pairwise items with a gold preference, and the authors&apos; recorded verdicts of four models with two
            prompt strategies, in both orders. · <DataSetNav current="llmbar" />
          </>
        }
      />
      {data.llmbar.rows.length === 0 ? (
        <EmptyState title="LLMBar is not imported">
          <code>npx gavel import llmbar datasets/llmbar</code> imports it: two label sets, eight judge versions and their calibrations.
        </EmptyState>
      ) : (
        <>
          <RealDataIntro policy={data.policy} />
          <LlmbarSection llmbar={data.llmbar} />
        </>
      )}
    </div>
  );
}
