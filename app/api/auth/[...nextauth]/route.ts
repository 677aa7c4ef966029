import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

async function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  // next-auth 4 reads params synchronously; Next 16 hands them over as a promise.
  return NextAuth(request as never, { params: await context.params } as never, authOptions());
}

export { handler as GET, handler as POST };
