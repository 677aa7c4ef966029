import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Alert } from "@/app/_components/ui/alert";
import { Badge } from "@/app/_components/ui/badge";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { requireRole, type SessionUser } from "@/lib/auth/session";
import { getJudgeVersion } from "@/lib/db/judges";
import { transcriptForJudgePage } from "@/lib/db/label-sets";
import { verdictDetails } from "@/lib/db/verdicts";
import { toJudgeInput } from "@/lib/judges/transcript-input";
import { priceNote } from "@/lib/providers/pricing";

export const metadata: Metadata = { title: "Judged item" };

/** Transcript text is untrusted agent output: it is only ever rendered as text, inside <pre>. */
function Text({ children }: { children: string | null | undefined }) {
  return (
    <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-md bg-stone-50 p-3 font-mono text-xs text-stone-800">
      {children || "(empty)"}
    </pre>
  );
}

async function Verdicts({ viewer, versionId, transcriptId }: { viewer: SessionUser; versionId: string; transcriptId: string }) {
  const [version, verdicts] = await Promise.all([getJudgeVersion(versionId), verdictDetails(viewer, versionId, transcriptId)]);
  if (!version || !verdicts) return null;
  const prices = priceNote(version.model, version.baseUrl);
  return (
    <Card data-testid={`verdicts-${version.id}`}>
      <CardHeader
        title={
          <Link className="hover:underline" href={`/judges/versions/${version.id}`}>
            {version.judge.name} v{version.version} · {version.model}
          </Link>
        }
      />
      <CardBody className="space-y-4">
        {verdicts.length === 0 ? <p className="text-sm text-stone-600">This version has not judged this item.</p> : null}
        {verdicts.map((v) => (
          <div key={v.id} className="space-y-2 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <Badge tone={v.status === "ok" ? "info" : v.status === "skipped" ? "muted" : "bad"}>
                {v.status === "ok" ? v.value : v.status}
              </Badge>
              <span className="text-xs text-stone-500">
                {v.order} order · repeat {v.repeat} · {v.tokensIn ?? "?"} → {v.tokensOut ?? "?"} tokens ·{" "}
                {v.latencyMs === null ? "?" : Math.round(v.latencyMs)} ms · cost{" "}
                {v.costUsd === null ? "unknown" : `$${v.costUsd.toFixed(5)}`}
                {v.costUsd !== null && prices ? ` (${prices})` : ""}
              </span>
            </p>
            {v.reason ? <p className="text-stone-800">{v.reason}</p> : null}
            {v.error ? <p className="text-red-700">{v.error}</p> : null}
            <details>
              <summary className="cursor-pointer text-xs text-stone-600">Raw request and response</summary>
              <div className="mt-2 space-y-2">
                <Text>{v.rawRequest === null ? null : JSON.stringify(v.rawRequest, null, 2)}</Text>
                <Text>{v.rawResponse}</Text>
              </div>
            </details>
          </div>
        ))}
      </CardBody>
    </Card>
  );
}

export default async function JudgedItemPage({
  params,
  searchParams,
}: {
  params: Promise<{ versionId: string; transcriptId: string }>;
  searchParams: Promise<{ compare?: string }>;
}) {
  const user = await requireRole("read");
  const { versionId, transcriptId } = await params;
  const { compare } = await searchParams;
  const loaded = await transcriptForJudgePage(transcriptId, user);
  if (!loaded) notFound();
  const { transcript, gold, verdictsVisible } = loaded;
  const input = toJudgeInput(transcript, null);
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Transcript ${transcript.externalId ?? transcript.id}`}
        description={
          <>
            Gold label:{" "}
            {!verdictsVisible
              ? "hidden until you label this item"
              : gold.length
                ? gold.map((g) => (
                    <span key={g.queue} className="font-mono" data-testid="gold-label">
                      {g.value} ({g.queue}){" "}
                    </span>
                  ))
                : "none yet"}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="What the judge saw" />
          <CardBody className="space-y-3 text-sm">
            <p className="font-medium text-stone-700">Task</p>
            <Text>{transcript.taskPrompt}</Text>
            {input.outputA !== null || input.outputB !== null ? (
              <>
                <p className="font-medium text-stone-700">Output A</p>
                <Text>{input.outputA}</Text>
                <p className="font-medium text-stone-700">Output B</p>
                <Text>{input.outputB}</Text>
              </>
            ) : (
              <>
                <p className="font-medium text-stone-700">Final output</p>
                <Text>{transcript.finalOutput}</Text>
              </>
            )}
            <p className="font-medium text-stone-700">Transcript</p>
            <Text>{input.transcript}</Text>
          </CardBody>
        </Card>
        <div className="space-y-6">
          {verdictsVisible ? (
            <>
              <Verdicts viewer={user} versionId={versionId} transcriptId={transcript.id} />
              {compare ? <Verdicts viewer={user} versionId={compare} transcriptId={transcript.id} /> : null}
            </>
          ) : (
            <Alert tone="info" data-testid="blind-notice">
              Judge verdicts and the gold label stay hidden while you may still label this item (blind review): label it first.
            </Alert>
          )}
        </div>
      </div>
    </div>
  );
}
