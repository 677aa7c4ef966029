"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, useTransition } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { Button } from "@/app/_components/ui/button";
import { inputClass } from "@/app/_components/ui/field";
import { useHydrated } from "@/app/_components/ui/use-hydrated";
import type { ActionState } from "@/lib/action-state";
import type { LabelChoice } from "@/lib/labeling/choices";
import {
  pressDimensionKey,
  primaryInRing,
  primaryUsesDigits,
  type DimensionControl,
  type DimensionState,
} from "@/lib/labeling/dimension-choices";
import { skipItemAction, submitLabelAction, undoLastLabelAction } from "../actions";
import { DimensionPanel } from "./dimension-panel";
import { HotkeyHelp } from "./hotkey-help";
import { RubricLine } from "./rubric-line";

export interface WorkbenchProps {
  queueId: string;
  /** The item on screen, or null when the reviewer has nothing left to label here. */
  queueItemId: string | null;
  choices: LabelChoice[];
  /** The queue's further dimensions (lib/labeling/dimension-choices.ts) and the primary's name. */
  dimensions?: DimensionControl[];
  primaryName?: string;
  /** Whether this page was opened on a given item (after an undo): the next one is then the plain URL. */
  pinned: boolean;
  children?: React.ReactNode;
  /** More for the side panel (the reviewer's last label and its reveal). */
  extra?: React.ReactNode;
  /** The queue's rubric: one line above the item, expanded in place (with the worked examples) by G. */
  rubric?: { text: string; version: number };
  /** The expanded guidelines' body (rubric and worked examples). */
  guidelines?: React.ReactNode;
}

const NO_DIMENSIONS: DimensionControl[] = [];

/** Keys typed into a field are text, not commands. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * The labeling controls and their hotkeys. Keyed by item in the page, so every item starts with a
 * fresh form and a fresh clock (time on item is measured from when it appeared to the label).
 */
export function LabelWorkbench({
  queueId,
  queueItemId,
  choices,
  dimensions = NO_DIMENSIONS,
  primaryName = "verdict",
  pinned,
  children,
  extra,
  rubric,
  guidelines,
}: WorkbenchProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  const [guide, setGuide] = useState(false);
  const [reason, setReason] = useState("");
  const [values, setValues] = useState<DimensionState>({});
  const [active, setActive] = useState(0);
  // Until hydration the buttons' onClick is not attached: disabled, a click waits instead of being lost.
  const hydrated = useHydrated();
  const inert = pending || !hydrated;
  // A graded primary is picked with the digits too: then it joins the ring and Enter submits.
  const ringPrimary = dimensions.length > 0 && primaryUsesDigits(choices);
  const ring = useMemo(
    () => (ringPrimary ? [primaryInRing(primaryName, choices), ...dimensions] : dimensions),
    [ringPrimary, primaryName, choices, dimensions],
  );
  const started = useRef(0);
  const busy = useRef(false);
  const base = `/label/${queueId}/item`;

  useEffect(() => {
    started.current = performance.now();
  }, []);

  const run = useCallback(
    (action: () => Promise<ActionState<{ queueItemId: string } | unknown>>, then: (state: ActionState<unknown>) => string | null) => {
      if (busy.current) return;
      busy.current = true;
      setError(null);
      startTransition(async () => {
        const state = await action();
        if (state.status === "error") {
          busy.current = false;
          setError(state.message);
          return;
        }
        const target = then(state);
        if (target) router.replace(target);
        else router.refresh();
      });
    },
    [router],
  );

  const label = useCallback(
    (value: string) => {
      if (!queueItemId) return;
      const timeSpentMs = Math.round(performance.now() - started.current);
      run(
        () =>
          submitLabelAction(undefined, {
            queueId,
            queueItemId,
            value,
            dimensions: Object.fromEntries(Object.entries(values).filter(([name]) => !(ringPrimary && name === primaryName))),
            reason: reason || undefined,
            timeSpentMs,
          }),
        () => (pinned ? base : null),
      );
    },
    [queueId, queueItemId, reason, values, ringPrimary, primaryName, run, pinned, base],
  );

  const skip = useCallback(() => {
    if (!queueItemId) return;
    run(
      () => skipItemAction(undefined, { queueId, queueItemId }),
      () => (pinned ? base : null),
    );
  }, [queueId, queueItemId, run, pinned, base]);

  const undo = useCallback(() => {
    run(
      () => undoLastLabelAction(undefined, { queueId }),
      (state) => {
        const data = state.status === "ok" ? (state.data as { queueItemId?: string } | undefined) : undefined;
        return data?.queueItemId ? `${base}?item=${encodeURIComponent(data.queueItemId)}` : base;
      },
    );
  }, [queueId, run, base]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      const key = event.key.toLowerCase();
      if (event.key === "?") {
        event.preventDefault();
        setHelp((open) => !open);
        return;
      }
      if (event.key === "Escape") return setHelp(false);
      if (key === "g" && rubric && queueItemId) {
        event.preventDefault();
        setGuide((open) => !open);
        return;
      }
      if (queueItemId && ring.length) {
        const moved = pressDimensionKey(ring, { values, active }, event.key === "Backspace" ? "backspace" : key);
        if (moved) {
          event.preventDefault();
          setValues(moved.values);
          setActive(moved.active);
          return;
        }
        if (ringPrimary && event.key === "Enter" && typeof values[primaryName] === "string") {
          event.preventDefault();
          label(values[primaryName] as string);
          return;
        }
      }
      const choice = choices.find((c) => c.key === key);
      if (choice && queueItemId) {
        event.preventDefault();
        label(choice.value);
      } else if (key === "s" && queueItemId) {
        event.preventDefault();
        skip();
      } else if (key === "u") {
        event.preventDefault();
        undo();
      }
    }
    window.addEventListener("keydown", onKey);
    // Keys work only from here on (after hydration): say so, so a test waits instead of racing it.
    document.documentElement.dataset.hotkeys = "ready";
    return () => {
      window.removeEventListener("keydown", onKey);
      delete document.documentElement.dataset.hotkeys;
    };
  }, [choices, label, skip, undo, queueItemId, ring, values, active, ringPrimary, primaryName, rubric]);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="order-2 min-w-0 space-y-3 lg:order-none">
        {queueItemId && rubric ? (
          <RubricLine rubric={rubric} open={guide} onToggle={() => setGuide((open) => !open)}>
            {guidelines}
          </RubricLine>
        ) : null}
        {children}
      </div>
      {/* Sticky at every width: beside the transcript on wide screens, above it on narrow ones, so
          the choices never scroll away on a long transcript. */}
      <aside
        className="sticky top-0 z-10 order-1 max-h-[60vh] space-y-4 self-start overflow-y-auto bg-stone-50/95 py-2 lg:top-4 lg:order-none lg:max-h-[calc(100vh-2rem)] lg:bg-transparent lg:py-0"
        aria-label="Your label"
        data-testid="decision-panel"
      >
        {error ? (
          <Alert tone="error" data-testid="label-error">
            {error}
          </Alert>
        ) : null}
        {queueItemId ? (
          <div className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
            <div className={`grid gap-2 ${ringPrimary ? "hidden" : choices.length > 2 ? "grid-cols-5" : "grid-cols-2"}`}>
              {choices.map((choice) => (
                <Button
                  key={choice.value}
                  tone="secondary"
                  disabled={inert}
                  onClick={() => label(choice.value)}
                  aria-keyshortcuts={choice.key.toUpperCase()}
                >
                  {choice.label}
                  <kbd className="rounded bg-black/10 px-1 text-[0.7rem]">{choice.key.toUpperCase()}</kbd>
                </Button>
              ))}
            </div>
            {ring.length ? (
              <DimensionPanel
                controls={ring}
                values={values}
                active={active}
                disabled={inert}
                onChange={setValues}
                onActivate={setActive}
              />
            ) : null}
            {ringPrimary ? (
              <Button
                tone="secondary"
                disabled={inert || typeof values[primaryName] !== "string"}
                onClick={() => label(values[primaryName] as string)}
                aria-keyshortcuts="Enter"
              >
                Submit <kbd className="rounded bg-black/10 px-1 text-[0.7rem]">Enter</kbd>
              </Button>
            ) : null}
            <div className="space-y-1">
              <label htmlFor="label-reason" className="block text-sm font-medium text-stone-800">
                Reason (optional)
              </label>
              <textarea
                id="label-reason"
                rows={3}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                className={inputClass}
                placeholder="What decided it?"
                maxLength={5000}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button tone="secondary" size="sm" disabled={inert} onClick={skip} aria-keyshortcuts="S">
                Skip <kbd className="rounded bg-black/10 px-1 text-[0.7rem]">S</kbd>
              </Button>
              <Button tone="ghost" size="sm" disabled={inert} onClick={undo} aria-keyshortcuts="U">
                Undo last label <kbd className="rounded bg-black/10 px-1 text-[0.7rem]">U</kbd>
              </Button>
            </div>
          </div>
        ) : (
          <Button tone="ghost" size="sm" disabled={inert} onClick={undo} aria-keyshortcuts="U">
            Undo last label <kbd className="rounded bg-black/10 px-1 text-[0.7rem]">U</kbd>
          </Button>
        )}
        <p className="text-xs text-stone-500" data-testid="label-status" aria-live="polite">
          {pending ? "Saving…" : "Press ? for the keyboard shortcuts."}
        </p>
        {extra}
      </aside>
      {help ? (
        <HotkeyHelp
          choices={choices}
          dimensions={ring}
          ringPrimary={ringPrimary}
          guidelines={Boolean(rubric && queueItemId)}
          onClose={() => setHelp(false)}
        />
      ) : null}
    </div>
  );
}
