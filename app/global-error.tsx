"use client";

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: "4rem", textAlign: "center" }}>
        <h1>Something went wrong</h1>
        <p>The server could not finish this request. Nothing you submitted was half-saved.</p>
        {error.digest ? <p style={{ color: "#666", fontSize: "0.8rem" }}>Reference: {error.digest}</p> : null}
      </body>
    </html>
  );
}
