import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { webhookBody } from "../webhook-events";
import { webhookUrlProblem } from "./hosts";
import { newWebhookSecret, verifySignature, webhookHeaders } from "./sign";

describe("webhook signatures", () => {
  it("are what the Standard Webhooks reference library verifies, and a changed body or id is refused", () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: "gate.failed", timestamp: "2026-12-06T09:00:00.000Z", data: { summary: "x" } });
    const headers = webhookHeaders(secret, "msg_1", Math.floor(Date.now() / 1000), body);
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: "gate.failed" });
    expect(verifySignature(secret, headers, body)).toBe(true);
    expect(() => new Webhook(secret).verify(body.replace("gate", "gatE"), headers)).toThrow();
    expect(verifySignature(secret, { ...headers, "webhook-id": "msg_2" }, body)).toBe(false);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});

describe("webhook hosts (the judge-host rule)", () => {
  it("allows this machine and GAVEL_WEBHOOK_HOSTS, and names the setting otherwise", () => {
    expect(webhookUrlProblem("http://127.0.0.1:9000/hook", {})).toBeNull();
    expect(webhookUrlProblem("https://hooks.slack.com/services/x", {})).toMatch(
      /hooks\.slack\.com is not an allowed webhook host: add it to GAVEL_WEBHOOK_HOSTS/,
    );
    expect(webhookUrlProblem("https://hooks.slack.com/services/x", { GAVEL_WEBHOOK_HOSTS: "hooks.slack.com" })).toBeNull();
    expect(webhookUrlProblem("http://169.254.169.254/latest", {})).toMatch(/not an allowed webhook host/);
    expect(webhookUrlProblem("file:///etc/passwd", {})).toBe("Use an http or https URL.");
    expect(webhookUrlProblem("http://u:p@127.0.0.1/x", {})).toMatch(/no user name or password/);
  });
});

describe("webhook bodies", () => {
  const message = {
    type: "gate.failed" as const,
    timestamp: "t",
    data: { summary: "Gate failed on run r1.", url: "http://127.0.0.1:3000/runs/r1" },
  };
  it("standard: the event as JSON; slack: a {text} with a link", () => {
    expect(JSON.parse(webhookBody(message, "standard"))).toEqual(message);
    expect(JSON.parse(webhookBody(message, "slack"))).toEqual({
      text: "*Gavel · gate.failed*: Gate failed on run r1. <http://127.0.0.1:3000/runs/r1|open in Gavel>",
    });
  });
});
