/**
 * The fields of a provider's callback, however it sends them: a form, a JSON object (`json`), or only a query string
 * (`query`: some providers push by GET, or POST with no body). Null when the body is not what its type says, or of a
 * type not accepted: the route answers 400. Read only after the callback's secret was checked.
 */
export async function callbackFields(
  request: Request,
  accept: { json: boolean; query: boolean },
): Promise<((name: string) => string) | null> {
  const query = new URL(request.url).searchParams;
  const fromQuery = (name: string) => (accept.query ? (query.get(name) ?? "") : "");
  const type = request.headers.get("Content-Type") ?? "";
  const raw = request.method === "GET" || request.method === "HEAD" ? "" : await request.text().catch(() => null);
  if (raw === null) return null;
  if (!raw.trim()) return accept.query ? fromQuery : null;
  let body: Record<string, unknown> | URLSearchParams;
  if (/json/i.test(type)) {
    if (!accept.json) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return null;
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    body = parsed as Record<string, unknown>;
  } else if (/^application\/x-www-form-urlencoded/i.test(type) || (!type && accept.query)) {
    body = new URLSearchParams(raw);
  } else if (/^multipart\/form-data/i.test(type)) {
    const form = await new Response(raw, { headers: { "Content-Type": type } }).formData().catch(() => null);
    if (!form) return null;
    body = new URLSearchParams([...form].flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])));
  } else return null;
  return (name) => {
    const value = body instanceof URLSearchParams ? body.get(name) : body[name];
    if (typeof value === "string" || typeof value === "number") return String(value);
    return fromQuery(name);
  };
}
