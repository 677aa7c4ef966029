import { describe, expect, it } from "vitest";
import { createdFromAudit, createdQueueMessage } from "./created-message";

const queue = { id: "q1", name: "refund failures" };

describe("createdQueueMessage", () => {
  it("says how many trials became how many distinct transcripts when identical outputs were merged", () => {
    const message = createdQueueMessage({
      queue,
      items: 35,
      fromRun: { notPassing: 95, sampledPasses: 10, passes: 100, trials: 105, distinct: 35 },
    });
    expect(message).toBe(
      'Created the queue "refund failures" with 35 items (95 trials that did not pass, 10 of 100 passes sampled). 105 trials, 35 distinct transcripts: identical outputs share one item.',
    );
  });

  it("says nothing about merging when every trial is its own item", () => {
    const message = createdQueueMessage({
      queue,
      items: 3,
      fromRun: { notPassing: 2, sampledPasses: 1, passes: 1, trials: 3, distinct: 3 },
    });
    expect(message).toBe('Created the queue "refund failures" with 3 items (2 trials that did not pass, 1 of 1 pass sampled).');
  });

  it("keeps an import's message plain", () => {
    expect(createdQueueMessage({ queue, items: 1 })).toBe('Created the queue "refund failures" with 1 item.');
  });
});

describe("createdFromAudit", () => {
  it("reads the run's figures back from the queue.created event", () => {
    const details = {
      name: "x",
      items: 35,
      source: "run",
      runId: "r",
      notPassing: 95,
      sampledPasses: 10,
      passes: 100,
      trials: 105,
      distinct: 35,
    };
    expect(createdFromAudit(details)).toEqual({
      items: 35,
      fromRun: { notPassing: 95, sampledPasses: 10, passes: 100, trials: 105, distinct: 35 },
    });
  });

  it("gives only the item count for an import, and nothing made up for malformed details", () => {
    expect(createdFromAudit({ items: 4, source: "import" })).toEqual({ items: 4 });
    expect(createdFromAudit(null)).toEqual({ items: 0 });
    expect(createdFromAudit({ items: 3, notPassing: "2", sampledPasses: 1, passes: 1 })).toEqual({ items: 3 });
  });

  it("names the worked examples written on the form, in the message and read back from the audit event", () => {
    expect(createdQueueMessage({ queue: { name: "q" }, items: 3, examples: 2 })).toBe(
      'Created the queue "q" with 3 items and 2 worked examples.',
    );
    expect(createdFromAudit({ items: 3, source: "import", writtenExamples: 1 })).toEqual({ items: 3, examples: 1 });
  });
});
