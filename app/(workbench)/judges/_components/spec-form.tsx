"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { SelectField, SubmitButton, TextAreaField, TextField } from "@/app/_components/form/fields";
import { Field, inputClass } from "@/app/_components/ui/field";
import { useTypedBeforeHydration } from "@/app/_components/ui/use-typed-before-hydration";
import { idleState, type ActionState } from "@/lib/action-state";
import { keepValuesOnSubmit } from "./keep-values";
import { DEFAULT_TEMPLATES } from "@/lib/judges/default-templates";
import { TEMPLATE_VARIABLES } from "@/lib/judges/template";
import type { JudgeParser } from "@/lib/judges/version";
import { ITEM_KIND_DEFINITIONS, ITEM_KINDS } from "@/lib/items/kinds";
import { JUDGE_PROVIDER_NAMES, JUDGE_PROVIDERS } from "@/lib/providers/registry";
import { fieldErrorsOf } from "@/app/_components/form/action-alert";

export interface SpecDefaults {
  provider: string;
  model: string;
  baseUrl: string;
  promptTemplate: string;
  parser: JudgeParser;
  temperature: number;
  maxTokens: number;
  seed: number | null;
  structuredOutput: boolean;
  apiKeyEnv: string;
}

/** The sampling settings, numbers all: typed as text, parsed by the server (an empty seed is none). */
const SAMPLING: readonly {
  id: string;
  name: "temperature" | "maxTokens" | "seed";
  label: string;
  hint?: string;
  inputMode: "decimal" | "numeric";
}[] = [
  { id: "judge-temperature", name: "temperature", label: "Temperature", inputMode: "decimal" },
  { id: "judge-max-tokens", name: "maxTokens", label: "Max tokens", inputMode: "numeric" },
  { id: "judge-seed", name: "seed", label: "Seed (optional)", hint: "OpenAI-compatible servers only.", inputMode: "numeric" },
];

type Action = (state: ActionState, form: FormData) => Promise<ActionState>;

/** The judge version form: new judge (name + spec) or a new version cloned from a parent. */
export function SpecForm({
  action,
  defaults,
  parentId,
  submitLabel,
}: {
  action: Action;
  defaults: SpecDefaults;
  parentId?: string;
  submitLabel: string;
}) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(action, idleState);
  // After a refusal rendered by the server (a form posted before hydration), what was typed.
  const typed = state.status === "error" ? (state.values ?? {}) : {};
  // Both are controlled: they start from what was typed or chosen before hydration, if anything.
  const [parser, setParser] = useState(useTypedBeforeHydration("judge-parser", defaults.parser) as JudgeParser);
  const [template, setTemplate] = useState(useTypedBeforeHydration("judge-template", typed.promptTemplate ?? defaults.promptTemplate));
  const errors = fieldErrorsOf(state);
  // A field's name, its errors and what was typed before a refusal (else `fallback`) go together: one
  // helper, so a field cannot show another's errors or lose what was typed.
  const bind = (name: string, fallback?: string) => ({ name, errors: errors[name], defaultValue: typed[name] ?? fallback });
  const creating = !parentId;

  function changeParser(next: JudgeParser) {
    // Swap the starting prompt only while it is untouched.
    if (template === DEFAULT_TEMPLATES[parser]) setTemplate(DEFAULT_TEMPLATES[next]);
    setParser(next);
  }

  return (
    <form {...keepValuesOnSubmit(formAction)} noValidate className="space-y-5" aria-label={creating ? "New judge" : "New version"}>
      {state.status === "error" ? <Alert tone="error">{state.message}</Alert> : null}
      {parentId ? <input type="hidden" name="parentId" value={parentId} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {creating ? (
          <>
            <TextField id="judge-name" label="Judge name" hint="Lowercase, e.g. refund-correctness." {...bind("name")} />
            <TextField id="judge-description" label="Description (optional)" {...bind("description")} />
          </>
        ) : null}
        <SelectField
          id="judge-provider"
          label="Provider"
          hint="openai covers any OpenAI-compatible server (Ollama, vLLM, LM Studio)."
          {...bind("provider", defaults.provider)}
          options={JUDGE_PROVIDER_NAMES.map((name) => ({ value: name, label: JUDGE_PROVIDERS[name].label }))}
        />
        <TextField
          id="judge-model"
          label="Pinned model id"
          hint="A dated snapshot, e.g. gpt-4o-2024-08-06."
          {...bind("model", defaults.model)}
        />
        <TextField
          id="judge-base-url"
          label="Base URL (optional)"
          hint="Empty: OPENAI_BASE_URL / ANTHROPIC_BASE_URL or the public API. Keys come from the server's environment."
          {...bind("baseUrl", defaults.baseUrl)}
          placeholder="http://127.0.0.1:11434/v1"
        />
        {creating ? (
          <SelectField
            id="judge-parser"
            name="parser"
            label="Output parser"
            hint="Also decides which label sets it can be measured on."
            errors={errors.parser}
            value={parser}
            onChange={(e) => changeParser(e.target.value as JudgeParser)}
            options={ITEM_KINDS.map((k) => ({ value: ITEM_KIND_DEFINITIONS[k].parser, label: ITEM_KIND_DEFINITIONS[k].parserOption }))}
          />
        ) : (
          <Field id="judge-parser" label="Output parser" hint="A new version keeps its judge's parser." errors={errors.parser}>
            <input id="judge-parser" readOnly value={parser} className={`${inputClass} bg-stone-50`} />
            <input type="hidden" name="parser" value={parser} />
          </Field>
        )}
      </div>
      <TextAreaField
        id="judge-template"
        name="promptTemplate"
        label="Prompt template"
        hint={`Variables: ${Object.keys(TEMPLATE_VARIABLES)
          .map((v) => `{{${v}}}`)
          .join(" ")}`}
        errors={errors.promptTemplate}
        rows={14}
        value={template}
        onChange={(e) => setTemplate(e.target.value)}
        className="font-mono text-xs"
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {SAMPLING.map(({ name, ...field }) => (
          <TextField key={name} {...bind(name, defaults[name] === null ? "" : String(defaults[name]))} {...field} />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="judge-key-env"
          name="apiKeyEnv"
          label="Key variable (optional)"
          hint="The name of the server's environment variable holding this version's key, e.g. GROQ_API_KEY. Empty: OPENAI_API_KEY / ANTHROPIC_API_KEY for their configured endpoints, keyless for other allowed hosts."
          errors={errors.apiKeyEnv}
          defaultValue={defaults.apiKeyEnv}
          placeholder="GROQ_API_KEY"
          className="font-mono"
        />
        <div className="flex items-start gap-2 pt-6">
          <input
            id="judge-structured"
            name="structuredOutput"
            type="checkbox"
            defaultChecked={defaults.structuredOutput}
            className="mt-1"
          />
          <label htmlFor="judge-structured" className="text-sm text-stone-700">
            Structured output: ask for a JSON verdict matching the parser&apos;s schema (OpenAI and Anthropic; the text parsers still read
            the answer).
          </label>
        </div>
      </div>
      {parentId ? <TextField id="judge-note" label="What changed (optional)" {...bind("note")} /> : null}
      <SubmitButton pending={pending} pendingLabel="Saving…">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
