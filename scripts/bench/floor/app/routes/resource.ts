/** A plain resource route: the framework's floor for /healthz. */
export function loader() {
  return new Response("OK", { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
