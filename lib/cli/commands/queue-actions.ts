import { findLabelSet, loadHumanLabels, queueItemSplits } from "../../db/label-sets";
import type { ItemKind } from "../../items/kinds";
import { formatStat } from "../../judges/format";
import { populationCeiling } from "../../labeling/ceiling";
import { CEILING_NAME, type HumanCeiling } from "../../stats";
import { UsageError } from "../exit";
import type { Logger } from "../logger";

export const CEILING_RULE =
  "every item of the population with at least two human labels under the current rubric, disagreements awaiting adjudication included; categories from the queue's declared scale, or every label seen on the queue";

export async function queueAgreementCommand(name: string, json: boolean, logger: Logger) {
  const queue = await findLabelSet(name);
  if (!queue) throw new UsageError(`No label queue named or with id "${name}".`);
  const [labels, items] = await Promise.all([loadHumanLabels(queue.id, queue.rubricVersion, null), queueItemSplits(queue.id)]);
  const shape = {
    kind: queue.kind as ItemKind,
    scale: queue.scaleMin !== null && queue.scaleMax !== null ? { min: queue.scaleMin, max: queue.scaleMax } : null,
  };
  const split = (which: string) =>
    populationCeiling(shape, labels, new Set(items.filter((i) => i.split === which).map((i) => i.transcriptId)));
  const result = {
    queue: { id: queue.id, name: queue.name, kind: queue.kind, rubricVersion: queue.rubricVersion },
    statistic: CEILING_NAME,
    rule: CEILING_RULE,
    ceiling: populationCeiling(shape, labels),
    splits: { dev: split("dev"), test: split("test") },
  };
  if (json) logger.out(JSON.stringify(result, null, 2));
  else {
    const line = (what: string, c: HumanCeiling) =>
      `  ${what.padEnd(12)}${formatStat(c.kappa).padStart(8)}   on ${c.items} item${c.items === 1 ? "" : "s"} with ≥ 2 labels (${c.labels} labels)${c.undefinedReason ? `: ${c.undefinedReason}` : ""}`;
    logger.out(
      [
        `Human ceiling of "${queue.name}" (rubric v${queue.rubricVersion}): ${CEILING_NAME}${result.ceiling.weights === "quadratic" ? ", quadratic weights" : ""}`,
        line("queue", result.ceiling),
        line("dev split", result.splits.dev),
        line("test split", result.splits.test),
        "",
        `  Rule: ${CEILING_RULE}.`,
      ].join("\n"),
    );
  }
  return result;
}
