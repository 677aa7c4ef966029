"use client";

import { PlainButton } from "@/app/_components/ui/button";

export default function WorkbenchError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-xl font-semibold text-stone-900">This page could not be loaded</h1>
      <p className="mt-2 text-sm text-stone-600">The server hit an error. Nothing was changed. Try again, or check the server log.</p>
      {error.digest ? <p className="mt-1 text-xs text-stone-500">Reference: {error.digest}</p> : null}
      <PlainButton type="button" onClick={reset} className="mt-6 rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-medium text-white">
        Try again
      </PlainButton>
    </div>
  );
}
