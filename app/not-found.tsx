import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 className="mt-2 text-2xl font-semibold text-stone-900">Nothing here</h1>
      <p className="mt-2 text-sm text-stone-600">The page or record you asked for does not exist, or it was removed.</p>
      <Link href="/runs" className="mt-6 inline-block text-sm font-medium text-indigo-700 hover:underline">
        Back to runs
      </Link>
    </main>
  );
}
