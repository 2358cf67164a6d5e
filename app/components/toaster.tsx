import { useEffect, useState } from "react";
import { useHydrated } from "#app/utils/use-hydrated.ts";

type Toast = { type: "success" | "error" | "info"; title: string; description?: string };

const STYLES: Record<Toast["type"], string> = {
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-brand-600 bg-brand-50 text-brand-800",
};

/**
 * The flash message of this page view. Rendered on the server (so it shows
 * without JavaScript, in the page's flow: app/app.css); with JavaScript it floats,
 * can be dismissed and fades after a while.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast | null>(toast);
  const hydrated = useHydrated();
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const t = setTimeout(() => setVisible(null), toast.type === "error" ? 10_000 : 6_000);
    return () => clearTimeout(t);
  }, [toast]);

  return (
    <div
      role={toast?.type === "error" ? "alert" : "status"}
      aria-live="polite"
      // At the bottom, never over the banner's phone numbers or a page's header; while the dashboard's bottom bar shows
      // (below md), above its 3.5 rem, never over its links.
      className="toast-region pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4 sm:justify-end md:bottom-4"
    >
      {visible ? (
        <div
          className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border-l-4 p-4 shadow-lg ${STYLES[visible.type]}`}
          data-toast={visible.type}
        >
          <div>
            <p className="font-semibold">{visible.title}</p>
            {visible.description ? <p className="mt-1 text-sm">{visible.description}</p> : null}
          </div>
          {hydrated ? (
            <button
              type="button"
              onClick={() => setVisible(null)}
              className="ml-2 rounded px-2 text-lg leading-none"
              aria-label="Dismiss notification"
            >
              ×
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Client-side toasts for JS-only moments (download started, link copied…). */
export function useClientToast() {
  const [toast, setToast] = useState<Toast | null>(null);
  return { toast, show: setToast, element: <Toaster toast={toast} /> };
}
