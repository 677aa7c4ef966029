type EnvSource = Record<string, string | undefined>;

/**
 * Where webhooks may go: the rule judge hosts follow (lib/judging/providers.ts). The server makes
 * the request, so an open list would let an admin's typo, or a stolen admin session, aim it at an
 * internal address. Allowed: this machine and the hosts (host or host:port) in GAVEL_WEBHOOK_HOSTS,
 * comma-separated (hooks.slack.com, say). Redirects are never followed: a 3xx is a failed attempt.
 */
export function allowedWebhookHosts(env: EnvSource = process.env): Set<string> {
  const hosts = new Set(["127.0.0.1", "localhost", "[::1]"]);
  for (const entry of (env.GAVEL_WEBHOOK_HOSTS ?? "").split(",")) if (entry.trim()) hosts.add(entry.trim().toLowerCase());
  return hosts;
}

/** Null when the URL may be called, else why not (in words an admin can act on). */
export function webhookUrlProblem(url: string, env: EnvSource = process.env): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Enter the endpoint's full URL, such as https://hooks.example.com/gavel.";
  }
  if (!["http:", "https:"].includes(parsed.protocol)) return "Use an http or https URL.";
  if (parsed.username || parsed.password) return "Put no user name or password in the URL: the signature authenticates Gavel.";
  const allowed = allowedWebhookHosts(env);
  if (!allowed.has(parsed.host) && !allowed.has(parsed.hostname))
    return `${parsed.host} is not an allowed webhook host: add it to GAVEL_WEBHOOK_HOSTS (as judge hosts go in GAVEL_JUDGE_HOSTS).`;
  return null;
}
