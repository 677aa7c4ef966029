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
