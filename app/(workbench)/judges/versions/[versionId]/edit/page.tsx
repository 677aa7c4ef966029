import type { Metadata } from "next";
import { Card, CardBody } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { readParams } from "@/lib/judges/request";
import type { JudgeParser } from "@/lib/judges/version";
import { cloneVersionAction } from "../../../actions";
import { SpecForm } from "../../../_components/spec-form";
import { requireJudgeVersion } from "../require-version";

export const metadata: Metadata = { title: "New judge version" };

export default async function EditVersionPage({ params }: { params: Promise<{ versionId: string }> }) {
  const { version } = await requireJudgeVersion("judges:write", params);
  const p = readParams(version.params);
  return (
    <>
      <PageHeader
        title={`Edit ${version.judge.name} v${version.version}`}
        description="Versions never change in place: saving makes a new version with this one as its parent. The new version starts unapproved and has to be calibrated again."
      />
      <Card>
        <CardBody>
          <SpecForm
            action={cloneVersionAction}
            parentId={version.id}
            submitLabel="Save as a new version"
            defaults={{
              provider: version.provider,
              model: version.model,
              baseUrl: version.baseUrl ?? "",
              promptTemplate: version.promptTemplate,
              parser: version.parser as JudgeParser,
              temperature: p.temperature,
              maxTokens: p.maxTokens,
              seed: p.seed,
              structuredOutput: p.structuredOutput,
              apiKeyEnv: p.apiKeyEnv ?? "",
            }}
          />
        </CardBody>
      </Card>
    </>
  );
}
