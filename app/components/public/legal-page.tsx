import { SupportPhones, SupportHours, ContactEmail } from "#app/components/support-phones.tsx";

/** The frame of a plain-language legal page: one h1, a date, readable width. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: React.ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
      <p className="mt-2 text-sm text-gray-700">Last updated: {updated}</p>
      <div className="mt-6 space-y-4 leading-relaxed text-gray-800 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-gray-900 [&_li]:ml-6 [&_li]:list-disc [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline">
        {children}
      </div>
    </main>
  );
}

export function ContactLines() {
  return (
    <ul>
      <li>
        E-mail: <ContactEmail />
      </li>
      <li>
        Phone or WhatsApp: <SupportPhones linkClassName="" /> (<SupportHours />)
      </li>
    </ul>
  );
}
