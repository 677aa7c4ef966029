import type { Metadata } from "next";
import { Card, CardBody } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { requireRole } from "@/lib/auth/session";
import { DEFAULT_TEMPLATES } from "@/lib/judges/default-templates";
import { createJudgeAction } from "../actions";
import { SpecForm } from "../_components/spec-form";

export const metadata: Metadata = { title: "New judge" };

export default async function NewJudgePage() {
  await requireRole("judges:write");
  return (
    <>
      <PageHeader
        title="New judge"
        description="A judge version is a pinned provider, model, prompt, parameters and parser; its id is the hash of all of them. It starts unapproved: calibrate it against human labels before it may gate."
      />
      <Card>
        <CardBody>
          <SpecForm
            action={createJudgeAction}
            submitLabel="Create judge"
            defaults={{
              provider: "openai",
              model: "",
              baseUrl: "",
              promptTemplate: DEFAULT_TEMPLATES.pass_fail,
              parser: "pass_fail",
              temperature: 0,
              maxTokens: 512,
              seed: null,
              structuredOutput: false,
              apiKeyEnv: "",
            }}
          />
        </CardBody>
      </Card>
    </>
  );
}
