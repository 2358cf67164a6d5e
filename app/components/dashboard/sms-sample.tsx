/** One SMS as a parent reads it, shown before the admin sends many (the weekly progress, the reports). */
export function SmsSample({ id, text }: { id: string; text: string }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={id} className="font-semibold text-gray-900">
        As one parent reads it
      </h2>
      <p className="mt-1 whitespace-pre-wrap break-all text-gray-800">{text}</p>
    </section>
  );
}
