/**
 * The events Gavel sends to webhooks, one registry: the admin page's checkboxes, the form's
 * validation and the emitters all read it.
 */
export const WEBHOOK_EVENTS = {
  "run.finished": "a run finished (passed or failed its gate)",
  "gate.failed": "a run's suite gate failed",
  "judge.state_changed": "a judge version became gating, stale, demoted or revoked (from, to and why)",
  "queue.completed": "a label set's last needed label landed (every item has all its labels)",
  "webhook.test": "the “send test event” button",
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
/** What an endpoint may subscribe to (the test event goes only where an admin sends it). */
export const SUBSCRIBABLE_EVENTS = (Object.keys(WEBHOOK_EVENTS) as WebhookEvent[]).filter((event) => event !== "webhook.test");

export const WEBHOOK_FORMATS = ["standard", "slack"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export interface EventMessage {
  type: WebhookEvent;
  timestamp: string;
  data: Record<string, unknown> & { summary: string; url?: string | null };
}

/**
 * The body of one delivery. Standard: the event as JSON ({type, timestamp, data}, the Standard
 * Webhooks payload shape). Slack: {text} (mrkdwn), what a Slack incoming webhook (and Mattermost's,
 * Discord's /slack endpoint) accepts.
 */
export function webhookBody(message: EventMessage, format: WebhookFormat): string {
  if (format === "standard") return JSON.stringify(message);
  const link = message.data.url ? ` <${message.data.url}|open in Gavel>` : "";
  return JSON.stringify({ text: `*Gavel · ${message.type}*: ${message.data.summary}${link}` });
}

/** An absolute link into the app for an event, when the public address is known (NEXTAUTH_URL). */
export function eventUrl(path: string, env: Record<string, string | undefined> = process.env): string | null {
  const base = env.NEXTAUTH_URL?.trim();
  if (!base) return null;
  try {
    return new URL(path, base).toString();
  } catch {
    return null;
  }
}
