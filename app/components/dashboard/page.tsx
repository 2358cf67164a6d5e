import { Link } from "react-router";
/** A dashboard page's main landmark and its one h1, with a link back to the list a sub-page was opened from. */
export function DashboardPage({
  title,
  description,
  actions,
  back,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  back?: { to: string; label: string };
  children?: React.ReactNode;
}) {
  return (
    <main id="main" className="min-w-0 flex-1">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
          {description ? <p className="mt-1 text-gray-700">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {back ? (
        <p className="mb-4">
          <Link to={back.to} className="font-semibold text-brand-700 underline">
            {back.label}
          </Link>
        </p>
      ) : null}
      {children}
    </main>
  );
}

export function Card({
  title,
  children,
  className = "",
  headingLevel = 2,
}: {
  title?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={`rounded-xl border border-gray-200 bg-white p-5 shadow-sm ${className}`}>
      {title ? <H className="mb-3 text-lg font-semibold text-gray-900">{title}</H> : null}
      {children}
    </section>
  );
}

export function StatCard({ label, value, hint }: { label: string; value: React.ReactNode; hint?: string }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-gray-700">{label}</dt>
      <dd className="mt-2 text-3xl font-bold text-gray-900">{value}</dd>
      {hint ? <dd className="mt-1 text-sm text-gray-700">{hint}</dd> : null}
    </div>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-gray-300 bg-white p-6 text-center text-gray-700">{children}</p>
  );
}
