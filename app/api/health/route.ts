import { NextResponse, type NextRequest } from "next/server";
import { getDemoStatus } from "@/lib/db/demo-status";
import { checkDatabase } from "@/lib/db/health";

/**
 * Public liveness probe: the app answers and its database is reachable. Also says whether the first
 * start's demo data is still loading; with `?demo=ready` it answers 503 while the demo is still loading
 * (the end-to-end tests wait on that). Reveals nothing else.
 */
export async function GET(request: NextRequest) {
  const ok = await checkDatabase();
  const status = ok ? await getDemoStatus().catch(() => null) : null;
  const demo = status?.state ?? "none";
  const waitForDemo = request.nextUrl.searchParams.get("demo") === "ready" && demo === "loading";
  return NextResponse.json({ ok, demo }, { status: ok && !waitForDemo ? 200 : 503 });
}
