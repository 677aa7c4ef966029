"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/app/_components/ui/button";
import { inputClass } from "@/app/_components/ui/field";
import { FLAG_KINDS, FLAG_LABELS, type FlagKind } from "@/lib/schemas/labeling";
import { addCommentAction, setFlagAction } from "../actions";

export interface NotesThread {
  comments: { id: string; author: string; body: string; createdAt: string; mine: boolean }[];
  flags: { kind: FlagKind; reviewer: string; mine: boolean; resolved: boolean }[];
  visible: "all" | "own";
}

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** The comments and flags of one item, as the server let this reviewer see them. */
export function ThreadList({ thread, testId }: { thread: NotesThread; testId: string }) {
  const others = thread.flags.filter((f) => !f.mine && !f.resolved);
  return (
    <div className="space-y-2" data-testid={testId}>
      {others.length > 0 ? (
        <p className="text-xs text-amber-900" data-testid={`${testId}-flags`}>
          Flagged: {others.map((f) => `${FLAG_LABELS[f.kind]} (${f.reviewer})`).join(", ")}
        </p>
      ) : null}
      {thread.comments.length === 0 ? (
        <p className="text-xs text-stone-500">
          No comments{thread.visible === "own" ? " from you yet (others' appear once you have labeled this item)" : ""}.
        </p>
      ) : (
        <ul className="space-y-1.5">
          {thread.comments.map((c) => (
            <li key={c.id} className="rounded bg-stone-50 p-2 text-xs">
              <p className="text-stone-500">
                {c.mine ? "You" : c.author} · {when.format(new Date(c.createdAt))} UTC
              </p>
              <p className="whitespace-pre-wrap break-words text-stone-800">{c.body}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Comment on the item on screen and flag it (unsure, bad item, needs guideline). */
export function ItemNotes({ queueId, queueItemId, thread }: { queueId: string; queueItemId: string; thread: NotesThread }) {
  const router = useRouter();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const mine = new Set(thread.flags.filter((f) => f.mine && !f.resolved).map((f) => f.kind));
  const act = (fn: () => Promise<{ status: string; message?: string }>, then?: () => void) =>
    startTransition(async () => {
      const state = await fn();
      if (state.status === "error") return setError(state.message ?? "Not saved.");
      setError(null);
      then?.();
      router.refresh();
    });
  return (
    <details
      className="rounded-lg border border-stone-200 bg-white p-3 text-sm shadow-sm"
      open={thread.comments.length > 0 || mine.size > 0}
      data-testid="item-notes"
    >
      <summary className="cursor-pointer font-medium text-stone-800">Comment or flag</summary>
      <div className="mt-2 space-y-3">
        <div className="flex flex-wrap gap-1.5" role="group" aria-label="Flag this item">
          {FLAG_KINDS.map((kind) => (
            <Button
              key={kind}
              type="button"
              size="sm"
              tone="secondary"
              aria-pressed={mine.has(kind)}
              className={mine.has(kind) ? "ring-2 ring-amber-500" : undefined}
              disabled={pending}
              onClick={() => act(() => setFlagAction(undefined, { queueId, queueItemId, kind, on: !mine.has(kind) }))}
            >
              {FLAG_LABELS[kind]}
            </Button>
          ))}
        </div>
        <div className="space-y-1">
          <label htmlFor="item-comment" className="block text-xs font-medium text-stone-700">
            Comment
          </label>
          <textarea
            id="item-comment"
            rows={2}
            maxLength={2000}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            className={inputClass}
            placeholder="A question or note for the adjudicator"
          />
          <Button
            type="button"
            size="sm"
            tone="secondary"
            disabled={pending || !body.trim()}
            onClick={() =>
              act(
                () => addCommentAction(undefined, { queueId, queueItemId, body }),
                () => setBody(""),
              )
            }
          >
            Add comment
          </Button>
        </div>
        {error ? (
          <p className="text-xs text-red-700" role="alert">
            {error}
          </p>
        ) : null}
        <ThreadList thread={thread} testId="item-thread" />
      </div>
    </details>
  );
}
