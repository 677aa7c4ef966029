import type { Metadata } from "next";
import { SectionCard } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { requireRole } from "@/lib/auth/session";
import { getGatePolicy } from "@/lib/db/gate-policy";
import { PolicyForm } from "../_components/policy-form";

export const metadata: Metadata = { title: "Judge gate policy" };

export default async function PolicyPage() {
  await requireRole("settings:manage");
  const policy = await getGatePolicy();
  return (
    <>
      <PageHeader
        title="Judge gate policy"
        description="The bar every judge version must clear on its held-out test split before an admin may approve it. Saving a stricter bar demotes every approved version whose calibration no longer clears it. Below: how long a stale version keeps gating when it cannot be recalibrated, and the canary every run re-checks first. Changes are written to the audit log."
      />
      <SectionCard title="Rules" description="An undefined statistic never passes a rule.">
        <PolicyForm policy={policy} />
      </SectionCard>
    </>
  );
}
