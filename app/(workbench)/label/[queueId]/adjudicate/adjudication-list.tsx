"use client";

import { useCallback, useEffect, useRef, useState, useTransition } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { Badge } from "@/app/_components/ui/badge";
import { Button, PlainButton } from "@/app/_components/ui/button";
import { cx } from "@/app/_components/ui/cx";
import type { AdjudicationItem } from "@/lib/db/adjudication";
import { itemKind, type ItemKind } from "@/lib/items/kinds";
import { adjudicationNote } from "@/lib/labeling/adjudication-reason";
import type { DisputedDimension } from "@/lib/labeling/dimension-settle";
import type { DimensionLine } from "@/lib/labeling/dimension-summary";
import type { CompactTranscript } from "@/lib/labeling/compact-transcript";
import { FLAG_LABELS } from "@/lib/schemas/labeling";
import { ThreadList, type NotesThread } from "../../_components/item-notes";
import { decideAction } from "./actions";
import { CompactTranscriptView } from "./compact-transcript-view";

export interface ListItem {
  transcriptId: string;
  externalId: string | null;
  split: "dev" | "test";
  criterion: string | null;
  view: CompactTranscript;
  /** Each reviewer's label, its further dimensions as lines (the failure reason beside pass/fail). */
  labels: (Omit<AdjudicationItem["labels"][number], "dimensions"> & { dimensions: DimensionLine[] })[];
  /** Dimensions the reviewers disagree on: the decision settles each (lib/labeling/dimension-settle.ts). */
  settle: DisputedDimension[];
  disagreement: boolean;
  thread: NotesThread;
}

interface Choice {
  value: string;
  label: string;
  key: string;
}

/** Buttons and hotkeys as the item-kind registry spells them (P/F, A/B, the digit), fixed values in button order. */
function choicesFor(kind: ItemKind, values: string[]): Choice[] {
  const fixed = itemKind(kind).fixedValues;
  return (fixed ? fixed.filter((v) => values.includes(v)) : values).map((value) => ({ value, ...itemKind(kind).choice(value) }));
}

const note = (item: ListItem) =>
  adjudicationNote({ disagreement: item.disagreement, openFlags: item.thread.flags.filter((f) => !f.resolved).length });

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName)));
}

function tone(value: string): "good" | "bad" | "info" {
  return value === "pass" ? "good" : value === "fail" ? "bad" : "info";
}

export function AdjudicationList({
  queueId,
  kind,
  values,
  items: initial,
}: {
  queueId: string;
  kind: ItemKind;
  values: string[];
  items: ListItem[];
}) {
  const [items, setItems] = useState(initial);
  const [index, setIndex] = useState(0);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [settled, setSettled] = useState<Record<string, Record<string, string>>>({});
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [showKeys, setShowKeys] = useState(false);
  const [pending, startTransition] = useTransition();
  const refs = useRef(new Map<string, HTMLElement>());
  const choices = choicesFor(kind, values);
  // After the last item is decided the index may point past the end: the last item is then current.
  const current = items[Math.min(index, items.length - 1)];

  const decideItem = useCallback(
    (item: ListItem, value: string) => {
      startTransition(async () => {
        const result = await decideAction(undefined, {
          queueId,
          transcriptId: item.transcriptId,
          value,
          note: notes[item.transcriptId],
          dimensions: settled[item.transcriptId],
        });
        if (result.status === "ok") {
          setItems((list) => list.filter((i) => i.transcriptId !== item.transcriptId));
          setStatus({ tone: "success", text: `${item.externalId ?? item.transcriptId}: ${result.message ?? "decided"}` });
        } else if (result.status === "error") {
          setStatus({ tone: "error", text: result.message });
        }
      });
    },
    [notes, queueId, settled],
  );

  useEffect(() => {
    if (current) refs.current.get(current.transcriptId)?.scrollIntoView({ block: "nearest" });
  }, [current]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === "?") return setShowKeys((s) => !s);
      if (key === "j") return setIndex((i) => Math.min(i + 1, items.length - 1));
      if (key === "k") return setIndex((i) => Math.max(Math.min(i, items.length - 1) - 1, 0));
      if (!current || pending) return;
      if (key === "n") {
        event.preventDefault();
        document.getElementById(`note-${current.transcriptId}`)?.focus();
        return;
      }
      const choice = choices.find((c) => c.key && c.key === key);
      if (choice) {
        event.preventDefault();
        decideItem(current, choice.value);
      }
    }
    window.addEventListener("keydown", onKey);
    // Keys work only from here on (after hydration): say so, so a test waits instead of racing it.
    document.documentElement.dataset.hotkeys = "ready";
    return () => {
      window.removeEventListener("keydown", onKey);
      delete document.documentElement.dataset.hotkeys;
    };
  }, [choices, current, decideItem, items.length, pending]);

  const keyHelp = `${choices
    .filter((c) => c.key)
    .map((c) => `${c.key.toUpperCase()} ${c.label.toLowerCase()}`)
    .join(" · ")} · J next · K previous · N write a note · ? keys`;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-stone-600">
        <p data-testid="open-count" aria-live="polite">
          {items.length} item{items.length === 1 ? "" : "s"} to decide
        </p>
        <PlainButton
          type="button"
          className="text-indigo-700 hover:underline"
          onClick={() => setShowKeys((s) => !s)}
          aria-expanded={showKeys}
        >
          Keyboard shortcuts (?)
        </PlainButton>
      </div>
      {showKeys ? (
        <Alert tone="info" data-testid="key-help">
          {keyHelp}. Keys act on the highlighted item; they are off while you type in a note.
        </Alert>
      ) : null}
      {status ? (
        <Alert tone={status.tone} data-testid="decision-status">
          {status.text}
        </Alert>
      ) : null}
      {items.length === 0 ? (
        <Alert tone="success" data-testid="all-decided">
          All disagreements are decided. Reload to check for new ones.
        </Alert>
      ) : null}
      <ol className="space-y-4">
        {items.map((item) => {
          const active = item.transcriptId === current?.transcriptId;
          return (
            <li
              key={item.transcriptId}
              ref={(el) => {
                if (el) refs.current.set(item.transcriptId, el);
                else refs.current.delete(item.transcriptId);
              }}
              data-testid="adjudication-item"
              data-transcript-id={item.transcriptId}
              aria-current={active ? "true" : undefined}
              aria-label={`Item ${item.externalId ?? item.transcriptId}`}
              onClick={() => setIndex(items.indexOf(item))}
              className={cx(
                "rounded-lg border bg-white shadow-sm",
                active ? "border-indigo-400 ring-2 ring-indigo-200" : "border-stone-200",
              )}
            >
              <div className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-200 px-4 py-2.5">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-mono font-medium text-stone-900">{item.externalId ?? item.transcriptId}</span>
                  <Badge tone="muted">{item.split}</Badge>
                  {item.criterion ? <Badge tone="neutral">{item.criterion}</Badge> : null}
                  {item.thread.flags
                    .filter((f) => !f.resolved)
                    .map((f) => (
                      <Badge key={`${f.kind}-${f.reviewer}`} tone="warn" data-testid="item-flag">
                        {FLAG_LABELS[f.kind]} · {f.reviewer}
                      </Badge>
                    ))}
                  {note(item) ? (
                    <span className="text-xs text-stone-500" data-testid="adjudication-note">
                      ({note(item)})
                    </span>
                  ) : null}
                </p>
                <p className="text-xs text-stone-500">
                  {values
                    .map((v) => [v, item.labels.filter((l) => l.value === v).length] as const)
                    .filter(([, count]) => count > 0)
                    .map(([v, count]) => `${count} × ${v}`)
                    .join(", ")}
                </p>
              </div>
              <div className="grid gap-4 p-4 lg:grid-cols-[3fr_2fr]">
                <CompactTranscriptView view={item.view} />
                <div className="space-y-3">
                  <table className="w-full text-sm" aria-label="Reviewers' labels">
                    <thead>
                      <tr className="text-left text-xs uppercase tracking-wide text-stone-500">
                        <th className="pb-1 font-semibold">Reviewer</th>
                        <th className="pb-1 font-semibold">Label</th>
                        <th className="pb-1 font-semibold">Reason</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-stone-100">
                      {item.labels.map((l) => (
                        <tr key={l.reviewerEmail} data-testid="reviewer-label">
                          <td className="py-1.5 pr-2 align-top text-xs">
                            {l.reviewerEmail}
                            <div className="text-stone-500">
                              {l.timeSpentMs === null ? "" : `${Math.round(l.timeSpentMs / 1000)} s`}
                              {l.judgeSeen ? " · saw the judge" : ""}
                            </div>
                          </td>
                          <td className="py-1.5 pr-2 align-top">
                            <Badge tone={tone(l.value)}>{l.value}</Badge>
                            {l.score !== null ? <div className="text-xs text-stone-500">score {l.score}</div> : null}
                            {l.dimensions.map((d) => (
                              <div key={d.name} className="text-xs text-stone-600" data-testid="reviewer-dimension">
                                {d.name}: <span className="text-stone-900">{d.value ?? "—"}</span>
                              </div>
                            ))}
                          </td>
                          <td className="whitespace-pre-wrap break-words py-1.5 align-top text-xs text-stone-700">{l.reason ?? "—"}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {item.thread.comments.length > 0 ? <ThreadList thread={item.thread} testId="adjudication-thread" /> : null}
                  <div>
                    <label htmlFor={`note-${item.transcriptId}`} className="block text-xs font-medium text-stone-700">
                      Note (optional, kept with the gold label)
                    </label>
                    <textarea
                      id={`note-${item.transcriptId}`}
                      rows={2}
                      maxLength={2000}
                      value={notes[item.transcriptId] ?? ""}
                      onChange={(e) => setNotes((n) => ({ ...n, [item.transcriptId]: e.target.value }))}
                      onKeyDown={(e) => {
                        if (e.key === "Escape") (e.target as HTMLTextAreaElement).blur();
                      }}
                      className="mt-1 block w-full rounded-md border-0 px-2 py-1.5 text-sm ring-1 ring-inset ring-stone-300 focus:ring-2 focus:ring-indigo-500"
                    />
                  </div>
                  {item.settle.map((d) => (
                    <div key={d.name} data-testid="settle-dimension">
                      <label htmlFor={`settle-${item.transcriptId}-${d.name}`} className="block text-xs font-medium text-stone-700">
                        Reviewers disagree on {d.name}: its gold value
                      </label>
                      <select
                        id={`settle-${item.transcriptId}-${d.name}`}
                        value={settled[item.transcriptId]?.[d.name] ?? ""}
                        onChange={(e) =>
                          setSettled((s) => ({ ...s, [item.transcriptId]: { ...s[item.transcriptId], [d.name]: e.target.value } }))
                        }
                        className="mt-1 block w-full rounded-md border-0 px-2 py-1.5 text-sm ring-1 ring-inset ring-stone-300 focus:ring-2 focus:ring-indigo-500"
                      >
                        <option value="">Choose…</option>
                        {d.options.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                    </div>
                  ))}
                  <div className="flex flex-wrap gap-2" role="group" aria-label="Decide the gold label">
                    {choices.map((c) => (
                      <Button
                        key={c.value}
                        type="button"
                        tone="secondary"
                        size="sm"
                        disabled={pending}
                        onClick={() => decideItem(item, c.value)}
                      >
                        {c.label}
                        {c.key ? <kbd className="ml-1 rounded bg-white/20 px-1 font-mono text-xs">{c.key.toUpperCase()}</kbd> : null}
                      </Button>
                    ))}
                  </div>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
