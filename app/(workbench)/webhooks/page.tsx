import type { Metadata } from "next";
import { Badge } from "@/app/_components/ui/badge";
import { Card, CardHeader } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { requireRole } from "@/lib/auth/session";
import { listWebhookEndpoints } from "@/lib/db/webhooks";
import { SUBSCRIBABLE_EVENTS, WEBHOOK_EVENTS } from "@/lib/webhook-events";
import { EndpointControls, RegisterWebhookForm, SendTestEventButton } from "./webhook-forms";

export const metadata: Metadata = { title: "Webhooks" };
export const dynamic = "force-dynamic";

const time = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
const tone = { delivered: "good", pending: "warn", failed: "bad" } as const;

/** Admins: endpoints Gavel POSTs events to (signed), with each endpoint's delivery log. */
export default async function WebhooksPage() {
  await requireRole("settings:manage");
  const endpoints = await listWebhookEndpoints();
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Gavel POSTs each event an endpoint subscribes to, signed with its secret the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature: v1,HMAC-SHA256 over id.timestamp.body), and retries with backoff until a 2xx answer (5 attempts). Redirects are not followed. Registering, disabling, deleting and test events are recorded in the audit log."
      />
      <div className="space-y-6">
        <Card>
          <CardHeader title="Register an endpoint" />
          <div className="px-5 py-4">
            <RegisterWebhookForm events={SUBSCRIBABLE_EVENTS.map((name) => ({ name, description: WEBHOOK_EVENTS[name] }))} />
          </div>
        </Card>
        {endpoints.length === 0 ? <EmptyState title="No webhooks yet">Register an endpoint above.</EmptyState> : null}
        {endpoints.map((endpoint) => (
          <Card key={endpoint.id} data-testid="webhook-endpoint">
            <CardHeader
              title={<code>{endpoint.url}</code>}
              description={`${endpoint.events.split(" ").join(", ")} · ${endpoint.format} payload${endpoint.disabledAt ? ` · disabled ${time.format(endpoint.disabledAt)}: nothing is sent` : ""}`}
              actions={
                <div className="flex flex-wrap items-center gap-2">
                  {endpoint.disabledAt ? <Badge tone="warn">disabled</Badge> : <SendTestEventButton endpointId={endpoint.id} />}
                  <EndpointControls endpointId={endpoint.id} disabled={endpoint.disabledAt !== null} />
                </div>
              }
            />
            <div className="px-5 py-3 text-sm">
              <p className="text-stone-600">
                Secret: <code data-testid="webhook-secret">{endpoint.secret}</code>
              </p>
              <h3 className="mt-3 font-semibold text-stone-800">Delivery log</h3>
              {endpoint.deliveries.length === 0 ? <p className="text-stone-500">Nothing sent yet.</p> : null}
              <ul className="mt-1 space-y-2">
                {endpoint.deliveries.map((delivery) => (
                  <li key={delivery.id} data-testid="webhook-delivery" className="rounded border border-stone-200 p-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <code>{delivery.event}</code>
                      <Badge tone={tone[delivery.status as keyof typeof tone] ?? "neutral"}>{delivery.status}</Badge>
                      <span className="text-stone-500">
                        {delivery.attempts} attempt{delivery.attempts === 1 ? "" : "s"} · {delivery.messageId}
                        {delivery.status === "pending" && delivery.nextAttemptAt ? ` · next ${time.format(delivery.nextAttemptAt)}` : ""}
                      </span>
                    </div>
                    <ol className="mt-1 text-xs text-stone-600">
                      {delivery.attemptsLog.map((attempt) => (
                        <li key={attempt.id} data-testid="webhook-attempt">
                          #{attempt.attempt} {time.format(attempt.at)}: {attempt.statusCode ?? "no answer"} in {attempt.durationMs} ms —{" "}
                          <span className="font-mono">{attempt.response.slice(0, 200) || "(empty answer)"}</span>
                        </li>
                      ))}
                    </ol>
                  </li>
                ))}
              </ul>
            </div>
          </Card>
        ))}
      </div>
    </>
  );
}
