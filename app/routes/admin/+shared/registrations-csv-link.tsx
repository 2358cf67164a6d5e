import { useState } from "react";
import { buttonClass, type ButtonVariant } from "#app/components/ui/button.tsx";
import { Toaster } from "#app/components/toaster.tsx";
import { CSV_DOWNLOADED, EXPORT_COMPLETE } from "#app/domain/messages.ts";

type Toast = { type: "success" | "error" | "info"; title: string; description?: string };

/**
 * A CSV download. Without JavaScript it is a plain link: the browser saves the
 * file (or, for an empty programme, follows the redirect that shows 'No Data').
 * With JavaScript the file is fetched, saved, and 'Export Complete' shown.
 */
export function CsvDownloadLink({
  href,
  children,
  label,
  variant = "secondary",
  className = "",
}: {
  href: string;
  children: React.ReactNode;
  label?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const [toast, setToast] = useState<Toast | null>(null);
  const [busy, setBusy] = useState(false);

  async function onClick(event: React.MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(href, { redirect: "manual", credentials: "same-origin" });
      const type = response.headers.get("Content-Type") ?? "";
      if (!response.ok || !type.startsWith("text/csv")) {
        // Not a file (e.g. 'No Data' redirect): let the server's page and toast show.
        window.location.assign(href);
        return;
      }
      const blob = await response.blob();
      const disposition = response.headers.get("Content-Disposition") ?? "";
      const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "registrations.csv";
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      const count = response.headers.get("X-Record-Count");
      setToast({
        type: "success",
        title: EXPORT_COMPLETE,
        description: count ? `${CSV_DOWNLOADED} (${count} ${count === "1" ? "record" : "records"})` : CSV_DOWNLOADED,
      });
    } catch {
      window.location.assign(href);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <a
        href={href}
        onClick={onClick}
        aria-label={label}
        className={buttonClass(variant, className)}
        aria-busy={busy || undefined}
      >
        {children}
      </a>
      {toast ? <Toaster toast={toast} /> : null}
    </>
  );
}
