import { NextResponse, type NextRequest } from "next/server";
import { getDemoStatus } from "@/lib/db/demo-status";
import { checkDatabase } from "@/lib/db/health";

/**
 * Public liveness probe: the app answers and its database is reachable. Also says whether the first
 * start's demo data is still loading; with `?demo=ready` it answers 503 while the demo is still loading
 * (the end-to-end tests wait on that). Reveals nothing else.
 *
 * `demo` is "unknown" when the status could not be read (on SQLite, a long seeding transaction in the
 * start process can outlast the lock wait): never "none", and never ready, on a read that failed.
 */
export async function GET(request: NextRequest) {
  const ok = await checkDatabase();
  const demo = ok
    ? await getDemoStatus().then(
        (status) => status?.state ?? "none",
        () => "unknown" as const,
      )
    : "unknown";
  const waitForDemo = request.nextUrl.searchParams.get("demo") === "ready" && (demo === "loading" || demo === "unknown");
  return NextResponse.json({ ok, demo }, { status: ok && !waitForDemo ? 200 : 503 });
}
