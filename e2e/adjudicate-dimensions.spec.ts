import { expect, test } from "@playwright/test";
import { account, signedInPage } from "./helpers";
import { seedQueue, unique } from "./seed";

/** The adjudicator settles a dimension the reviewers disagree on, and the gold label keeps it (issue #25). */
test("a dimension the reviewers disagree on is asked for on the adjudication form and stored on the gold label", async ({ browser }) => {
  const tag = unique();
  const key = `settle-${tag}`;
  const seeded = seedQueue({
    name: `settle-${tag}`,
    reviewersPerItem: 2,
    dimensions: [{ name: "failure reason", type: "categorical", values: ["hallucination", "wrong tool", "incomplete"], multi: false }],
    items: [
      {
        key,
        labels: [
          { reviewer: `ann-${tag}@example.com`, value: "fail", dimensions: { "failure reason": "hallucination" } },
          { reviewer: `bo-${tag}@example.com`, value: "pass", dimensions: { "failure reason": "wrong tool" } },
        ],
      },
    ],
  });
  const page = await signedInPage(browser, account("admin"), `/label/${seeded.queueId}/adjudicate?item=${seeded.transcriptIds[key]}`);
  const item = page.getByTestId("adjudication-item");
  const settle = item.getByLabel("Reviewers disagree on failure reason: its gold value");
  await expect(settle.locator("option")).toHaveText(["Choose…", "hallucination", "wrong tool"]);
  // Deciding without it is refused, naming the dimension; nothing is written.
  await item.getByRole("button", { name: /^Fail/ }).click();
  await expect(page.getByTestId("decision-status")).toContainText(
    "The reviewers disagree on failure reason: choose its value for the gold label.",
  );
  await settle.selectOption({ label: "wrong tool" });
  await item.getByRole("button", { name: /^Fail/ }).click();
  await expect(page.getByTestId("decision-status")).toContainText("Gold label fail saved");

  await page.goto(`/label/${seeded.queueId}/gold`);
  await expect(page.getByTestId(`gold-${key}`).getByTestId("gold-dimensions")).toHaveText("failure reason: wrong tool");
  await page.context().close();
});
