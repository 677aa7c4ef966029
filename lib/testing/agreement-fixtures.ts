/** Test data for agreement and adjudication, free of server-only imports (the e2e tests use it too). */
export interface AgreementSeedItem {
  key: string;
  split?: "dev" | "test";
  output?: string;
  outputs?: { a: string; b: string };
  labels: { reviewer: string; value: string; reason?: string; timeSpentMs?: number; judgeSeen?: boolean; score?: number }[];
}

/** The two-reviewer, 20-item table of the agreement tests: 8 pass/pass, 6 fail/fail, 4 pass/fail, 2 fail/pass. */
export function twoReviewerTable(reviewerA: string, reviewerB: string): AgreementSeedItem[] {
  const cells: [string, string, number][] = [
    ["pass", "pass", 8],
    ["fail", "fail", 6],
    ["pass", "fail", 4],
    ["fail", "pass", 2],
  ];
  const items: AgreementSeedItem[] = [];
  for (const [a, b, count] of cells) {
    for (let i = 0; i < count; i++) {
      const key = `item-${String(items.length + 1).padStart(2, "0")}`;
      items.push({
        key,
        split: items.length % 2 === 0 ? "dev" : "test",
        output: `Answer ${key}`,
        labels: [
          { reviewer: reviewerA, value: a, reason: `${reviewerA.split("@")[0]} says ${a}` },
          { reviewer: reviewerB, value: b, reason: `${reviewerB.split("@")[0]} says ${b}` },
        ],
      });
    }
  }
  return items;
}

/**
 * Reviewer labels written as a table, each item's values by reviewer: `{ a: { ann: "pass", bob: "fail" } }`
 * for ann's pass and bob's fail on a. In item order, then reviewer order, as the labeling tables hand them
 * to the statistics. Item ids must not look like integers (JavaScript puts those keys first).
 */
export function reviewerLabels(byItem: Record<string, Record<string, string>>) {
  return Object.entries(byItem).flatMap(([transcriptId, values]) =>
    Object.entries(values).map(([reviewerId, value]) => ({ transcriptId, reviewerId, value })),
  );
}
