"use client";

import { PlainButton } from "@/app/_components/ui/button";
import { useState } from "react";
import { Badge } from "@/app/_components/ui/badge";
import { conversationWindow, MIDDLE_STEP } from "@/lib/labeling/conversation-window";
import type { ItemView, MessageView } from "@/lib/labeling/item-view";
import { LongBlock } from "./long-block";

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <h2 className="mb-2 text-sm font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

const roleTone = { user: "info", assistant: "good", tool: "warn", system: "muted" } as const;

function Message({ message, index }: { message: MessageView; index: number }) {
  return (
    <li className="space-y-2 border-t border-stone-100 pt-3 first:border-t-0 first:pt-0" data-testid="message">
      <div className="flex items-center gap-2 text-xs text-stone-500">
        <span>#{index + 1}</span>
        <Badge tone={roleTone[message.role as keyof typeof roleTone] ?? "neutral"}>{message.role}</Badge>
        {message.name ? <span className="font-mono">{message.name}</span> : null}
      </div>
      {message.content !== null ? <LongBlock text={message.content} label={`message ${index + 1}`} /> : null}
      {message.toolCalls.map((call, i) => (
        <div key={i} className="rounded-md border border-amber-200 bg-amber-50/40 p-2.5" data-testid="tool-call">
          <p className="mb-1.5 text-xs font-semibold text-stone-800">
            Tool call <span className="font-mono">{call.name}</span>
          </p>
          <div className="grid gap-2 lg:grid-cols-2">
            <div>
              <p className="mb-0.5 text-xs text-stone-500">Arguments</p>
              <LongBlock text={call.arguments} label={`arguments of ${call.name}`} />
            </div>
            <div>
              <p className="mb-0.5 text-xs text-stone-500">{call.error !== null ? "Error" : "Result"}</p>
              <LongBlock text={call.error ?? call.result} label={`result of ${call.name}`} />
            </div>
          </div>
        </div>
      ))}
    </li>
  );
}

/**
 * The item as a reviewer sees it. Everything in `item` is untrusted text rendered as text; long
 * fields start collapsed. The outcome (final output and state) comes right after the task, so it is
 * on screen without scrolling; a long conversation shows its first and last messages with the middle
 * folded, to be opened in steps.
 */
export function TranscriptView({ item }: { item: ItemView }) {
  const [revealed, setRevealed] = useState(0);
  const fold = conversationWindow(item.messages.length, revealed);
  const outcome = [
    item.finalOutput !== null ? (
      <Section key="output" title="Final output" testId="final-output">
        <LongBlock text={item.finalOutput} label="the final output" />
      </Section>
    ) : null,
    item.finalState !== null ? (
      <Section key="state" title="Final state" testId="final-state">
        <LongBlock text={item.finalState} label="the final state" />
      </Section>
    ) : null,
  ].filter(Boolean);
  return (
    <div className="space-y-4" data-testid="transcript">
      <Section title="Task" testId="task-prompt">
        <LongBlock text={item.taskPrompt} label="the task" />
        {item.criterion ? <p className="mt-2 text-sm text-stone-700">Criterion: {item.criterion}</p> : null}
      </Section>
      {item.outputs ? (
        <div className="grid gap-4 md:grid-cols-2">
          <Section title="Output A" testId="output-a">
            <LongBlock text={item.outputs.a} label="output A" />
          </Section>
          <Section title="Output B" testId="output-b">
            <LongBlock text={item.outputs.b} label="output B" />
          </Section>
        </div>
      ) : null}
      {outcome.length ? <div className={`grid gap-4 ${outcome.length === 2 ? "xl:grid-cols-2" : ""}`}>{outcome}</div> : null}
      {item.rubric || item.expected ? (
        <Section title="Expected qualities">
          {item.rubric ? <LongBlock text={item.rubric} label="the item's rubric" /> : null}
          {item.expected ? <LongBlock text={item.expected} label="the expected answer" /> : null}
        </Section>
      ) : null}
      {item.messages.length > 0 ? (
        <Section
          title={`Conversation (${item.messages.length.toLocaleString("en")} message${item.messages.length === 1 ? "" : "s"}${outcome.length ? ", leading to the outcome above" : ""})`}
          testId="conversation"
        >
          <ol className="space-y-3">
            {item.messages.slice(0, fold.head).map((m, i) => (
              <Message key={i} message={m} index={i} />
            ))}
            {fold.hidden > 0 ? (
              <li className="border-t border-dashed border-stone-300 pt-3 text-center">
                <PlainButton
                  type="button"
                  className="text-sm font-medium text-indigo-700 hover:underline"
                  data-testid="conversation-fold"
                  onClick={() => setRevealed((r) => r + MIDDLE_STEP)}
                >
                  {fold.hidden.toLocaleString("en")} message{fold.hidden === 1 ? "" : "s"} in the middle folded: show{" "}
                  {fold.hidden > MIDDLE_STEP ? `the next ${MIDDLE_STEP}` : "them"}
                </PlainButton>
              </li>
            ) : null}
            {fold.hidden > 0
              ? item.messages.slice(fold.tail).map((m, i) => <Message key={fold.tail + i} message={m} index={fold.tail + i} />)
              : null}
          </ol>
        </Section>
      ) : null}
    </div>
  );
}
