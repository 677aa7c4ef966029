import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, type AuditAction } from "../audit-actions";
import { calibrateOnLabelSet, runJudgeOnLabelSet } from "../judging/label-set-run";
import { recheckJudge } from "../judging/recheck";
import { runCanary } from "../judging/canary-run";
import { lastUserText, startMockLlmServer } from "../providers/mock-server";
import { createQueueInput } from "../schemas/queues";
import { addItemsToLabelSet, seedJudgeVersion, seedLabelSet, seedUser } from "../testing/seed-judges";
import { withTestDatabase } from "../testing/test-database";
import { decide } from "./adjudication";
import { createApiToken, recordTokenUse, revokeApiToken } from "./api-tokens";
import { approveJudgeVersion, loadJudgeStatus, revokeApproval } from "../judging/approvals";
import { countAuditEvents, iterateAuditEvents, listAuditEvents } from "./audit";
import { db } from "./client";
import { saveGatePolicy } from "../judging/gate-policy";
import { getGatePolicy } from "./gate-policy";
import { importFile } from "./import";
import { createIngestRule, deleteIngestRule, updateIngestRule } from "./ingest";
import { writeImportPlan } from "./import-datasets";
import type { JudgeVersionSpec } from "../judges/version";
import { findOrCreateJudgeVersion } from "./judges";
import { loadLabelExport } from "./label-export";
import { createQueue } from "./queue-admin";
import { newRubricVersion } from "./rubric";
import { labelMoreForJudge, orderDevByInformativeness } from "./sampling";
import { reopenStranded } from "./labeling/stranded";
import { skipItem, submitLabel } from "./labeling/submit";
import { addComment, setFlag } from "./labeling/comments";
import { editLabel } from "./labeling/mine";
import { decideGoldChange } from "./pending-gold";
import { importLabels } from "./label-import";
import { addWorkedExample, removeWorkedExample } from "./worked-examples";
import { seedQueue } from "../testing/seed-labeling";
import { changeRole, createUser, recordSignInBlocked, setAdjudicator, setUserDisabled } from "./users";
import { createWebhookEndpoint, deleteWebhookEndpoint, enqueueWebhookEvent, setWebhookEndpointDisabled } from "./webhooks";
import { mockLlmForFile } from "../testing/mock-llm-hooks";
import { passFailItems, seedCalibratedJudge } from "../testing/seed-gating-judge";

withTestDatabase();

/** A judge whose answers the test can turn: "right" judges correctly, "wrong" says the opposite. */
const mode = { wrong: false };
const server = mockLlmForFile(() =>
  startMockLlmServer({
    flavor: "openai",
    reply: ({ body }) => {
      const good = lastUserText(body).includes("good answer");
      return { text: good !== mode.wrong ? "PASS: ok" : "FAIL: no", fingerprint: mode.wrong ? "fp_new" : "fp_old" };
    },
  }),
);

/** A version approved on its own 40-item label set. */
async function gatingVersion(name: string) {
  const admin = await seedUser("audit-admin@example.com");
  const set = await seedLabelSet({ name: `${name}-set`, kind: "binary", items: passFailItems(name, 20) });
  const version = await seedCalibratedJudge(name, {
    baseUrl: server.baseUrl,
    queueId: set.queueId,
    calibratedBy: admin.id,
    approvedBy: admin.id,
  });
  return { admin, set, version };
}

/** A version gating on a set two reviewers labeled alike; reviewer a's edit of one test item is held (lib/db/pending-gold.ts). */
async function heldChange(name: string, hold = true) {
  const admin = await seedUser("audit-admin@example.com");
  const [a, b] = [await seedUser(`${name}-a@example.com`, "reviewer"), await seedUser(`${name}-b@example.com`, "reviewer")];
  const items = passFailItems(name, 20).map((item) => ({ ...item, labels: [a, b].map((r) => ({ reviewer: r.email, value: item.gold! })) }));
  const set = await seedLabelSet({ name: `${name}-set`, kind: "binary", items });
  await seedCalibratedJudge(name, { baseUrl: server.baseUrl, queueId: set.queueId, calibratedBy: admin.id, approvedBy: admin.id });
  const labelId = (await db().label.findFirstOrThrow({ where: { reviewerId: a.id, transcriptId: set.transcriptIds[`${name}-g0`]! } })).id;
  if (hold) await editLabel(a.id, { labelId, value: "fail" });
  const change = await db().pendingGoldChange.findFirst({ where: { queueId: set.queueId, resolvedAt: null } });
  return { admin: { ...admin, isAdjudicator: false }, a, labelId, changeId: change?.id ?? "" };
}
type Held = Awaited<ReturnType<typeof heldChange>>;

const line = (n: number) =>
  JSON.stringify({
    id: `audit-${n}`,
    task_prompt: `Refund order ${n}`,
    messages: [{ role: "user", content: `Refund order ${n}` }],
    final_output: "Done.",
  });

interface OneItem {
  queueId: string;
  queueItemId: string;
  reviewer: { id: string };
}

/** A one-item queue and a reviewer for it. */
async function oneItem(name: string): Promise<OneItem> {
  const seeded = await seedQueue({ name, items: [{ key: `${name}-0` }] });
  const reviewer = await seedUser(`${name}-reviewer@example.com`, "reviewer");
  return { queueId: seeded.queueId, queueItemId: seeded.queueItemIds[`${name}-0`]!, reviewer };
}

/** A one-item queue whose item is labeled and decided (gold): what a worked example needs. */
async function goldItem(name: string) {
  const seeded = await seedQueue({ name, items: [{ key: `${name}-0`, labels: [{ reviewer: `${name}-r@example.com`, value: "pass" }] }] });
  const admin = await seedUser("audit-admin@example.com");
  await decide({ queueId: seeded.queueId, transcriptId: seeded.transcriptIds[`${name}-0`]!, value: "pass", adjudicatorId: admin.id });
  return { queueId: seeded.queueId, admin };
}

type UserChange = (userId: string, adminId: string) => Promise<unknown>;

/**
 * The trigger of an admin's change to an account: a new account and the admin, then the change. `before` makes
 * the opposite change first (enable needs a disabled account), so that the act has something to undo.
 */
function userChange(email: string, role: "viewer" | "reviewer", change: UserChange, before?: UserChange) {
  return {
    prepare: async () => {
      const user = await createUser({ email, role, passwordHash: null }, null);
      const admin = await seedUser("audit-admin@example.com");
      await before?.(user.id, admin.id);
      return { userId: user.id, adminId: admin.id };
    },
    act: async ({ userId, adminId }: { userId: string; adminId: string }) => void (await change(userId, adminId)),
  };
}

/** An account flag an admin turns on or off (disabled, adjudicator): turning it off starts from an account that has it on. */
function userFlag(
  email: string,
  role: "viewer" | "reviewer",
  set: (userId: string, on: boolean, adminId: string) => Promise<unknown>,
  on: boolean,
) {
  return userChange(email, role, (user, admin) => set(user, on, admin), on ? undefined : (user, admin) => set(user, true, admin));
}

/** A replay judge's full spec (it calls no model): what findOrCreateJudgeVersion stores for `model`. */
function replaySpec(model: string): JudgeVersionSpec {
  return {
    provider: "replay",
    model,
    baseUrl: null,
    promptTemplate: "{{output}}",
    params: { temperature: 0, maxTokens: 512, seed: null },
    parser: "pass_fail",
  };
}

/**
 * For every action the audit log knows, the operation that performs it: set up what it needs
 * (whatever that records), then act. `satisfies Record<AuditAction, …>` makes a new action in the
 * registry a compile error here until it has its test.
 */
const TRIGGERS = {
  "user.created": { act: async () => void (await createUser({ email: "new-user@example.com", role: "viewer", passwordHash: null }, null)) },
  "user.role_changed": userChange("role@example.com", "viewer", (user, admin) => changeRole(user, "reviewer", admin)),
  "user.sign_in_blocked": { act: async () => void (await recordSignInBlocked("guessed@example.com", 15, "203.0.113.7")) },
  "user.disabled": userFlag("disable@example.com", "viewer", setUserDisabled, true),
  "user.enabled": userFlag("enable@example.com", "viewer", setUserDisabled, false),
  "user.adjudicator_granted": userFlag("adj@example.com", "reviewer", setAdjudicator, true),
  "user.adjudicator_revoked": userFlag("unadj@example.com", "reviewer", setAdjudicator, false),
  "queue.created": {
    prepare: async () => {
      await importFile({ text: [line(1), line(2)].join("\n"), fileName: "q.jsonl" });
      return { admin: await seedUser("audit-admin@example.com") };
    },
    act: async ({ admin }: { admin: { id: string } }) =>
      void (await createQueue(
        createQueueInput.parse({ name: "audit-queue", rubric: "Pass when right.", source: "source", transcriptSource: "jsonl" }),
        admin.id,
      )),
  },
  "queue.rubric_changed": {
    prepare: async () => ({
      set: await seedLabelSet({ name: "rubric-set", kind: "binary", items: passFailItems("rubric", 1) }),
      admin: await seedUser("audit-admin@example.com"),
    }),
    act: async ({ set, admin }: { set: { queueId: string }; admin: { id: string } }) =>
      void (await newRubricVersion(set.queueId, "A new rubric.", admin.id)),
  },
  "queue.sampled": {
    prepare: async () => ({
      set: await seedLabelSet({ name: "sample-set", source: "audit-sample", kind: "binary", items: passFailItems("sample", 1) }),
      pool: await seedLabelSet({
        name: "sample-pool",
        source: "audit-sample",
        kind: "binary",
        items: [1, 2, 3].map((i) => ({ key: `sp${i}`, split: "dev" as const, output: `good answer ${i}`, gold: null })),
      }),
      version: await seedJudgeVersion("audit-sampler", {
        provider: "replay",
        model: "sampler",
        promptTemplate: "{{output}}",
        parser: "pass_fail",
      }),
      admin: await seedUser("audit-admin@example.com"),
    }),
    act: async ({ set, version, admin }: { set: { queueId: string }; version: { id: string }; admin: { id: string } }) =>
      void (await labelMoreForJudge({ versionId: version.id, queueId: set.queueId, actorId: admin.id })),
  },
  "queue.dev_ordered": {
    prepare: async () => ({
      set: await seedLabelSet({ name: "order-audit-set", kind: "binary", items: passFailItems("order", 1) }),
      admin: await seedUser("audit-admin@example.com"),
    }),
    act: async ({ set, admin }: { set: { queueId: string }; admin: { id: string } }) =>
      void (await orderDevByInformativeness(set.queueId, admin.id)),
  },
  "queue.stranded_reopened": {
    prepare: async () => {
      const seeded = await seedQueue({
        name: "stranded-audit",
        items: [{ key: "s0" }],
        reviewersPerItem: 2,
        assign: ["s-a@example.com", "s-b@example.com"],
      });
      const skipper = await db().user.findUniqueOrThrow({ where: { email: "s-a@example.com" } });
      await skipItem(skipper.id, { queueId: seeded.queueId, queueItemId: seeded.queueItemIds.s0! });
      return { queueId: seeded.queueId, admin: await seedUser("audit-admin@example.com") };
    },
    act: async ({ queueId, admin }: { queueId: string; admin: { id: string } }) => void (await reopenStranded(admin.id, { queueId })),
  },
  "gold.adjudicated": {
    prepare: async () => ({
      set: await seedLabelSet({ name: "adjudicate-set", kind: "binary", items: [{ key: "x", split: "test", output: "x", gold: null }] }),
      admin: await seedUser("audit-admin@example.com"),
    }),
    act: async ({ set, admin }: { set: { queueId: string; transcriptIds: Record<string, string> }; admin: { id: string } }) =>
      void (await decide({ queueId: set.queueId, transcriptId: set.transcriptIds.x!, value: "pass", adjudicatorId: admin.id })),
  },
  "gold.change_held": {
    prepare: async () => heldChange("held-audit", false),
    act: async ({ a, labelId }: Held) => void (await editLabel(a.id, { labelId, value: "fail" })),
  },
  "gold.change_confirmed": {
    prepare: async () => heldChange("confirm-audit"),
    act: async ({ admin, changeId }: Held) => void (await decideGoldChange({ changeId, decision: "confirm" }, admin)),
  },
  "gold.change_rejected": {
    prepare: async () => heldChange("reject-audit"),
    act: async ({ admin, changeId }: Held) => void (await decideGoldChange({ changeId, decision: "reject" }, admin)),
  },
  "gold.change_dropped": {
    prepare: async () => heldChange("drop-audit"),
    act: async ({ a, labelId }: Held) => void (await editLabel(a.id, { labelId, value: "pass" })),
  },
  "item.commented": {
    prepare: async () => oneItem("comment-audit"),
    act: async ({ queueId, queueItemId, reviewer }: OneItem) =>
      void (await addComment(reviewer.id, { queueId, queueItemId, body: "is this the refund policy v2?" })),
  },
  "item.flagged": {
    prepare: async () => oneItem("flag-audit"),
    act: async ({ queueId, queueItemId, reviewer }: OneItem) =>
      void (await setFlag(reviewer.id, { queueId, queueItemId, kind: "unsure", on: true })),
  },
  "item.unflagged": {
    prepare: async () => {
      const item = await oneItem("unflag-audit");
      await setFlag(item.reviewer.id, { queueId: item.queueId, queueItemId: item.queueItemId, kind: "unsure", on: true });
      return item;
    },
    act: async ({ queueId, queueItemId, reviewer }: OneItem) =>
      void (await setFlag(reviewer.id, { queueId, queueItemId, kind: "unsure", on: false })),
  },
  "label.edited": {
    prepare: async () => {
      const item = await oneItem("edit-audit");
      const { labelId } = await submitLabel(item.reviewer.id, { queueId: item.queueId, queueItemId: item.queueItemId, value: "pass" });
      return { ...item, labelId };
    },
    act: async ({ reviewer, labelId }: OneItem & { labelId: string }) =>
      void (await editLabel(reviewer.id, { labelId, value: "fail", reason: "SECRET REASON" })),
  },
  "labels.imported": {
    prepare: async () => oneItem("import-labels-audit"),
    act: async ({ queueId }: OneItem) =>
      void (await importLabels({ queue: queueId, text: "reviewer,item,value\nimporter@example.com,import-labels-audit-0,pass\n" })),
  },
  "example.added": {
    prepare: async () => goldItem("example-add-audit"),
    act: async ({ queueId, admin }: { queueId: string; admin: { id: string } }) =>
      void (await addWorkedExample(admin.id, { queueId, item: "example-add-audit-0", explanation: "why" })),
  },
  "example.removed": {
    prepare: async () => {
      const gold = await goldItem("example-remove-audit");
      const example = await addWorkedExample(gold.admin.id, { queueId: gold.queueId, item: "example-remove-audit-0", explanation: "why" });
      return { ...gold, exampleId: example.id };
    },
    act: async ({ queueId, admin, exampleId }: { queueId: string; admin: { id: string }; exampleId: string }) =>
      void (await removeWorkedExample(admin.id, { queueId, exampleId })),
  },
  "transcripts.imported": { act: async () => void (await importFile({ text: [line(10), line(11)].join("\n"), fileName: "more.jsonl" })) },
  "dataset.imported": {
    act: async () =>
      void (await writeImportPlan({
        dataset: "llmbar",
        items: [
          {
            source: "llmbar",
            externalId: "d1",
            kind: "pairwise",
            taskPrompt: "Which?",
            content: { outputs: { a: "x", b: "y" } },
          } as never,
        ],
        labelSets: [
          {
            name: "tiny-import",
            description: "d",
            kind: "pairwise",
            rubric: "r",
            reviewersPerItem: 1,
            testFraction: 0.5,
            items: [0],
            gold: [{ value: "A", score: null }],
          },
        ],
        raters: [],
        labels: [],
        versions: [],
        verdicts: [],
      })),
  },
  "labels.exported": {
    prepare: async () => ({ set: await seedLabelSet({ name: "export-set", kind: "binary", items: passFailItems("export", 1) }) }),
    act: async ({ set }: { set: { queueId: string } }) =>
      void (await loadLabelExport(set.queueId, { audit: { actorId: null, format: "csv", via: "cli" } })),
  },
  "judge.created": {
    act: async () => void (await findOrCreateJudgeVersion({ name: "audit-new-judge", kind: "binary" }, replaySpec("m1"))),
  },
  "judge_version.created": {
    prepare: async () =>
      seedJudgeVersion("audit-versions", { provider: "replay", model: "m1", promptTemplate: "{{output}}", parser: "pass_fail" }),
    act: async () => void (await findOrCreateJudgeVersion({ name: "audit-versions", kind: "binary" }, replaySpec("m2"))),
  },
  "calibration.created": {
    prepare: async () => {
      const set = await seedLabelSet({ name: "calibrate-set", kind: "binary", items: passFailItems("cal", 3) });
      const version = await seedJudgeVersion("audit-calibrate", {
        provider: "openai",
        model: "cal-model",
        baseUrl: server.baseUrl,
        promptTemplate: "{{output}}",
        parser: "pass_fail",
      });
      await runJudgeOnLabelSet({ versionId: version.id, queueId: set.queueId, split: "test" });
      return { set, version };
    },
    act: async ({ set, version }: { set: { queueId: string }; version: { id: string } }) =>
      void (await calibrateOnLabelSet({ versionId: version.id, queueId: set.queueId, split: "test", actorId: null })),
  },
  "judge.approved": {
    prepare: async () => {
      const admin = await seedUser("audit-admin@example.com");
      const set = await seedLabelSet({ name: "approve-set", kind: "binary", items: passFailItems("approve", 20) });
      const version = await seedCalibratedJudge("audit-approve", { baseUrl: server.baseUrl, queueId: set.queueId, calibratedBy: null });
      return { admin, version };
    },
    act: async ({ admin, version }: { admin: { id: string }; version: { id: string } }) =>
      void (await approveJudgeVersion(version.id, admin.id)),
  },
  "judge.stale": {
    prepare: async () => {
      const { admin, set } = await gatingVersion("audit-stale");
      const added = await addItemsToLabelSet(set.queueId, [{ key: "late", split: "test", output: "good answer late", gold: null }]);
      return { admin, set, transcriptId: added.transcriptIds.late! };
    },
    act: async ({ admin, set, transcriptId }: { admin: { id: string }; set: { queueId: string }; transcriptId: string }) =>
      void (await decide({ queueId: set.queueId, transcriptId, value: "pass", adjudicatorId: admin.id })),
  },
  "judge.recalibrated": {
    prepare: async () => {
      const { version, set } = await gatingVersion("audit-recal");
      await addItemsToLabelSet(set.queueId, passFailItems("recal-more", 2));
      return { version };
    },
    act: async ({ version }: { version: { id: string } }) => void (await recheckJudge(version.id)),
  },
  "judge.demoted": {
    prepare: async () => (await gatingVersion("audit-demote")).version,
    act: async (version: { id: string }) => {
      mode.wrong = true;
      try {
        await runCanary(await loadJudgeStatus(version.id));
      } finally {
        mode.wrong = false;
      }
    },
  },
  "judge.revoked": {
    prepare: async () => gatingVersion("audit-revoke"),
    act: async ({ admin, version }: { admin: { id: string }; version: { id: string } }) =>
      void (await revokeApproval(version.id, admin.id, "testing")),
  },
  "judge.canary_checked": {
    prepare: async () => (await gatingVersion("audit-canary")).version,
    act: async (version: { id: string }) => void (await runCanary(await loadJudgeStatus(version.id))),
  },
  "settings.judge_gate_policy_changed": {
    prepare: async () => ({ admin: await seedUser("audit-admin@example.com"), policy: await getGatePolicy() }),
    act: async ({ admin, policy }: { admin: { id: string }; policy: Awaited<ReturnType<typeof getGatePolicy>> }) =>
      void (await saveGatePolicy({ ...policy, canaryItems: 10 }, admin.id)),
  },
  "api_token.created": {
    prepare: async () => seedUser("audit-admin@example.com"),
    act: async (admin: { id: string; role: "admin" }) =>
      void (await createApiToken({ ...admin, role: "admin" }, { name: "audit", scopes: ["read"] })),
  },
  "api_token.revoked": {
    prepare: async () => {
      const admin = await seedUser("audit-admin@example.com");
      return { admin, token: await createApiToken({ ...admin, role: "admin" }, { name: "audit-revoke", scopes: ["read"] }) };
    },
    act: async ({ admin, token }: { admin: { id: string }; token: { record: { id: string } } }) =>
      void (await revokeApiToken(token.record.id, { id: admin.id, role: "admin" })),
  },
  "api_token.used": {
    prepare: async () => {
      const admin = await seedUser("audit-admin@example.com");
      return { admin, token: await createApiToken({ ...admin, role: "admin" }, { name: "audit-use", scopes: ["read"] }) };
    },
    act: async ({ admin, token }: { admin: { id: string }; token: { record: { id: string } } }) =>
      void (await recordTokenUse(token.record.id, admin.id, { method: "GET", path: "/api/runs/x" })),
  },
  "ingest_rule.created": {
    prepare: async () => ({
      admin: await seedUser("audit-admin@example.com"),
      queue: await seedQueue({ name: "audit-ingest-created", items: [] }),
    }),
    act: async ({ admin, queue }: { admin: { id: string }; queue: { queueId: string } }) =>
      void (await createIngestRule(ingestRule("audit-created", queue.queueId), admin.id)),
  },
  "ingest_rule.changed": {
    prepare: async () => {
      const admin = await seedUser("audit-admin@example.com");
      const queue = await seedQueue({ name: "audit-ingest-changed", items: [] });
      return { admin, queue, rule: await createIngestRule(ingestRule("audit-changed", queue.queueId), admin.id) };
    },
    act: async ({ admin, queue, rule }: { admin: { id: string }; queue: { queueId: string }; rule: { id: string } }) =>
      void (await updateIngestRule(rule.id, { ...ingestRule("audit-changed", queue.queueId), sampleRate: 0.5 }, admin.id)),
  },
  "ingest_rule.deleted": {
    prepare: async () => {
      const admin = await seedUser("audit-admin@example.com");
      const queue = await seedQueue({ name: "audit-ingest-deleted", items: [] });
      return { admin, rule: await createIngestRule(ingestRule("audit-deleted", queue.queueId), admin.id) };
    },
    act: async ({ admin, rule }: { admin: { id: string }; rule: { id: string } }) => void (await deleteIngestRule(rule.id, admin.id)),
  },
  "webhook.created": {
    prepare: async () => seedUser("audit-admin@example.com"),
    act: async (admin: { id: string }) => void (await createWebhookEndpoint(webhook("created", admin.id))),
  },
  "webhook.updated": {
    prepare: async () => {
      const admin = await seedUser("audit-admin@example.com");
      return { admin, endpoint: await createWebhookEndpoint(webhook("updated", admin.id)) };
    },
    act: async ({ admin, endpoint }: { admin: { id: string }; endpoint: { id: string } }) =>
      void (await setWebhookEndpointDisabled(endpoint.id, true, admin.id)),
  },
  "webhook.deleted": {
    prepare: async () => {
      const admin = await seedUser("audit-admin@example.com");
      return { admin, endpoint: await createWebhookEndpoint(webhook("deleted", admin.id)) };
    },
    act: async ({ admin, endpoint }: { admin: { id: string }; endpoint: { id: string } }) =>
      void (await deleteWebhookEndpoint(endpoint.id, admin.id)),
  },
  "webhook.test_sent": {
    prepare: async () => {
      const admin = await seedUser("audit-admin@example.com");
      return { admin, endpoint: await createWebhookEndpoint(webhook("test", admin.id)) };
    },
    act: async ({ admin, endpoint }: { admin: { id: string }; endpoint: { id: string } }) =>
      void (await enqueueWebhookEvent(
        { type: "webhook.test", timestamp: new Date().toISOString(), data: { summary: "audit" } },
        { endpointId: endpoint.id, testSentBy: admin.id },
      )),
  },
} satisfies Record<AuditAction, { prepare?: () => Promise<unknown>; act: (prepared: never) => Promise<void> }>;

function webhook(name: string, createdById: string) {
  return {
    url: `http://127.0.0.1:9/${name}`,
    events: ["run.finished" as const],
    secret: "whsec_" + "A".repeat(32),
    format: "standard" as const,
    createdById,
  };
}

function ingestRule(name: string, queueId: string) {
  return { name, service: "shop", attributeKey: null, attributeValue: null, sampleRate: 1, queueId, enabled: true };
}

describe("the audit trail", () => {
  for (const action of AUDIT_ACTION_NAMES) {
    it(`${action}: one event, about a ${AUDIT_ACTIONS[action].target}`, async () => {
      const trigger = TRIGGERS[action] as { prepare?: () => Promise<unknown>; act: (prepared: unknown) => Promise<void> };
      const prepared = trigger.prepare ? await trigger.prepare() : undefined;
      const before = await countAuditEvents({ action });
      await trigger.act(prepared);
      expect(await countAuditEvents({ action })).toBe(before + 1);
      const [event] = await listAuditEvents({ action, limit: 1 });
      expect(event!.targetType).toBe(AUDIT_ACTIONS[action].target);
    });
  }

  it("keeps the words of comments and label reasons out of the log: ids and values only", async () => {
    const events = await listAuditEvents({ limit: 1000 });
    expect(events.find((e) => e.action === "label.edited")?.details).toMatchObject({ from: "pass", to: "fail" });
    const details = JSON.stringify(events.map((e) => e.details));
    expect(details).not.toContain("SECRET REASON");
    expect(details).not.toContain("refund policy v2");
  });

  it("filters by actor (a user, or system) and object, and streams every event", async () => {
    const admin = await seedUser("audit-admin@example.com");
    const mine = await listAuditEvents({ actorId: admin.id, limit: 1000 });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actorId === admin.id)).toBe(true);
    const system = await listAuditEvents({ actorId: "system", limit: 1000 });
    expect(system.some((e) => e.action === "judge.demoted")).toBe(true);
    expect(system.every((e) => e.actorId === null)).toBe(true);
    const total = await countAuditEvents();
    const streamed = [];
    for await (const event of iterateAuditEvents({}, 7)) streamed.push(event.id);
    expect(streamed).toHaveLength(total);
    expect(new Set(streamed).size).toBe(total);
    const page2 = await listAuditEvents({ limit: 5, offset: 5 });
    expect(page2.map((e) => e.id)).toEqual(streamed.slice(5, 10));
    await db().setting.deleteMany({ where: { key: "judge_gate_policy" } });
  });
});
