import type { WardWork } from "#app/services/teaching/progress.server.ts";

/**
 * A ward's work and marks per subject (docs/decisions/0108-work-handed-in-and-marked.md): the average and its label, the
 * work missing, and the latest marks with the facilitator's comments. One list per subject, readable on a small phone.
 */
export function WorkSummary({ wardName, work }: { wardName: string; work: WardWork }) {
  const missing = work.subjects.reduce((sum, s) => sum + s.missing.length, 0);
  return (
    <div className="mt-2 space-y-4">
      <p className="text-sm text-gray-800">
        <span className="font-semibold text-gray-900">Average of marked work:</span> {work.overall}
        {work.toDo ? ` · ${work.toDo} to hand in` : ""}
        {missing ? ` · ${missing} missing` : ""}
      </p>
      <ul className="divide-y divide-gray-200" aria-label={`${wardName}: work by subject`}>
        {work.subjects.map((s) => (
          <li key={s.subject} className="py-3 text-sm">
            <h3 className="font-semibold text-gray-900">{s.subject}</h3>
            <p className="text-gray-800">Average: {s.performance}</p>
            {s.missing.length ? (
              <p className="text-red-800">
                <strong>Missing:</strong> {s.missing.join(", ")}
              </p>
            ) : null}
            {s.marks.length ? (
              <ul className="mt-1 space-y-1">
                {s.marks.map((m) => (
                  <li key={m.id} className="text-gray-800">
                    {m.title}: <strong>{m.mark}</strong>
                    {m.comment ? <span className="block text-gray-700">“{m.comment}”</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
