import type { NextRequest } from "next/server";

/** The address people use to reach this server (NEXTAUTH_URL), for links printed in CI logs. */
export function publicBase(request: NextRequest): string {
  return process.env.NEXTAUTH_URL?.trim() || request.nextUrl.origin;
}
