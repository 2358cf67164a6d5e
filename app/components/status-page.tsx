import type { ReactNode } from "react";
import { Link } from "react-router";

/** The site's own page for an HTTP error (404, 400 …): the code, a heading, what to do, and the two ways back in. */
export function StatusPage({ code, tone = "brand", title, children }: { code: number; tone?: "brand" | "error"; title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className={`text-sm font-semibold ${tone === "error" ? "text-red-700" : "text-brand-700"}`}>{code}</p>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">{title}</h1>
      {children}
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Go to the home page
        </Link>
        <Link to="/registration" className="rounded-md border border-gray-300 px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50">
          Enrol a ward
        </Link>
      </div>
    </main>
  );
}
