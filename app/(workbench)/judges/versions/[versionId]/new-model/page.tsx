import type { Metadata } from "next";
import { Card, CardBody } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { listLabelSets } from "@/lib/db/label-sets";
import { KIND_FOR_PARSER } from "@/lib/judges/kinds";
import type { JudgeParser } from "@/lib/judges/version";
import { NewModelForm } from "../../../_components/forms";
import { requireJudgeVersion } from "../require-version";

export const metadata: Metadata = { title: "New model for this judge" };

export default async function NewModelPage({ params }: { params: Promise<{ versionId: string }> }) {
  const { version } = await requireJudgeVersion("judges:write", params);
  const kind = KIND_FOR_PARSER[version.parser as JudgeParser];
  const sets = (await listLabelSets()).filter((s) => s.kind === kind && s.testGold > 0);
  return (
    <>
      <PageHeader
        title={`New model for ${version.judge.name}`}
        description={`Clones v${version.version} with only the model changed. The new version starts unapproved, whatever v${version.version} was; compare the two on the same frozen gold test set before approving it.`}
      />
      <Card>
        <CardBody>
          <NewModelForm versionId={version.id} currentModel={version.model} labelSets={sets} />
        </CardBody>
      </Card>
    </>
  );
}
