import { NextResponse } from "next/server";
import { checkDatabase } from "@/lib/db/health";

/** Public liveness probe: the app answers and its database is reachable. Reveals nothing else. */
export async function GET() {
  const ok = await checkDatabase();
  return NextResponse.json({ ok }, { status: ok ? 200 : 503 });
}
