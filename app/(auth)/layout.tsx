export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <div className="inline-flex items-center gap-2 text-2xl font-semibold tracking-tight">
            <span aria-hidden className="inline-block h-6 w-6 rounded-sm bg-indigo-600" />
            Gavel
          </div>
          <p className="mt-1 text-sm text-stone-600">Did your agent get better or worse? Measure it.</p>
        </div>
        {children}
      </div>
    </main>
  );
}
