/**
 * Only same-site paths are honoured as redirect targets ("/x", never "//evil" or "https://…").
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/[\r\n\t]/.test(to)) return fallback;
  return to;
}
