"use client";

import { useState, useTransition } from "react";
import { Badge } from "@/app/_components/ui/badge";
import { Button } from "@/app/_components/ui/button";
import type { RevealedVerdict } from "@/lib/db/labeling/reveal";
import type { DimensionLine } from "@/lib/labeling/dimension-summary";
import { revealJudgeAction } from "../actions";

export interface LastLabel {
  transcriptId: string;
  externalId: string | null;
  value: string;
  /** The further dimensions of that label (the failure reason beside pass/fail, say), one line each. */
  dimensions: DimensionLine[];
  judgeSeen: boolean;
}

/**
 * The reviewer's own last label, and on request the judge's verdicts on that item. Nothing about the
 * judge reaches the browser before this button is pressed; pressing it is recorded on the label.
 */
export function RevealJudge({ queueId, last }: { queueId: string; last: LastLabel }) {
  const [verdicts, setVerdicts] = useState<RevealedVerdict[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const reveal = () =>
    startTransition(async () => {
      const state = await revealJudgeAction(undefined, { queueId, transcriptId: last.transcriptId });
      if (state.status === "error") setError(state.message);
      else if (state.status === "ok") setVerdicts(state.data ?? []);
    });
  return (
    <section
      className="rounded-lg border border-stone-200 bg-white p-4 text-sm shadow-sm"
      data-testid="last-label"
      aria-label="Your last label"
    >
      <p className="text-stone-700">
        Your last label: <span className="font-mono">{last.externalId ?? "previous item"}</span> —{" "}
        <strong data-testid="last-label-value">{last.value}</strong>
        {last.judgeSeen ? <span className="ml-1 text-xs text-stone-500">(judge revealed)</span> : null}
      </p>
      {last.dimensions.length ? (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs" data-testid="last-label-dimensions">
          {last.dimensions.map((d) => (
            <div key={d.name} className="contents">
              <dt className="text-stone-500">{d.name}</dt>
              <dd className="text-stone-800">{d.value ?? "—"}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {verdicts === null ? (
        <Button tone="secondary" size="sm" className="mt-2" disabled={pending} onClick={reveal}>
          {last.judgeSeen ? "Show the judge's verdict again" : "Reveal judge verdict"}
        </Button>
      ) : verdicts.length === 0 ? (
        <p className="mt-2 text-stone-600" data-testid="judge-verdicts">
          No judge has judged this item yet.
        </p>
      ) : (
        <ul className="mt-2 space-y-2" data-testid="judge-verdicts">
          {verdicts.map((v, i) => (
            <li key={i} className="rounded bg-stone-50 p-2">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">
                  {v.judge} v{v.version}
                </span>
                <Badge tone={v.value === "pass" ? "good" : v.value === "fail" ? "bad" : "neutral"}>
                  {v.status === "ok" ? (v.value ?? "—") : v.status}
                </Badge>
                {v.order !== "original" || v.repeat > 0 ? (
                  <span className="text-xs text-stone-500">
                    {v.order}, repeat {v.repeat}
                  </span>
                ) : null}
              </div>
              {v.reason ? <p className="mt-1 whitespace-pre-wrap break-words text-xs text-stone-700">{v.reason}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p className="mt-2 text-xs text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
