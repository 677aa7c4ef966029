import { brokenTaskFromRecord } from "@/lib/compare/from-record";
import { failureHeadline, groupFailures } from "@/lib/compare/failure-groups";
import type { RunRecord } from "@/lib/engine/record";
import type { BaselineDiff } from "./summary-md";

/** For a CI log of a local run: what changed against the baseline, with the one-line diagnosis. */
export function renderLocalDiff(record: RunRecord, diff: BaselineDiff): string {
  const broken = diff.newlyFailing.flatMap((id) => {
    const task = record.tasks.find((t) => t.id === id);
    const b = task ? brokenTaskFromRecord(task) : null;
    return b ? [b] : [];
  });
  const headline = failureHeadline(groupFailures(broken));
  const out = [
    `Against baseline run ${diff.runId}: ${diff.newlyFailing.length} newly failing, ${diff.newlyPassing.length} newly passing, ${diff.newlyFlaky.length} newly flaky`,
  ];
  if (headline) out.push(`  ${headline}`);
  for (const id of diff.newlyFailing) out.push(`  newly failing  ${id}`);
  for (const id of diff.newlyFlaky) out.push(`  newly flaky    ${id}`);
  return out.join("\n");
}
