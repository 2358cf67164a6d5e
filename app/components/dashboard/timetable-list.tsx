import { formatDate } from "#app/domain/dates.ts";
import { audienceLabel } from "#app/domain/timetables.ts";

export type PublishedTimetable = {
  id: string;
  title: string;
  description: string | null;
  /** Who it is for: "General Science · Form 2". */
  audience: string;
  fileName: string;
  createdAt: string;
};

/**
 * The timetables the school uploaded for a programme (student Schedule tab,
 * parent portal), each downloaded through its authorising route.
 */
export function TimetableList({
  timetables,
  headingId,
  heading = "Timetables from the school",
  headingLevel = 2,
}: {
  timetables: PublishedTimetable[];
  headingId: string;
  heading?: string;
  headingLevel?: 2 | 3 | 4;
}) {
  const H = `h${headingLevel}` as const;
  const Item = `h${Math.min(headingLevel + 1, 6)}` as "h3" | "h4" | "h5";
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <H id={headingId} className="text-lg font-semibold text-gray-900">
        {heading}
      </H>
      {timetables.length ? (
        <ul className="mt-3 divide-y divide-gray-200">
          {timetables.map((t) => (
            <li key={t.id} className="py-3">
              <Item className="font-semibold text-gray-900">{t.title}</Item>
              {t.description ? <p className="mt-1 whitespace-pre-line text-sm text-gray-800">{t.description}</p> : null}
              <p className="mt-1 text-sm text-gray-700">
                {t.audience} · published <time dateTime={t.createdAt}>{formatDate(t.createdAt)}</time>
              </p>
              <a
                href={`/timetables/${encodeURIComponent(t.id)}/file`}
                className="mt-1 inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline"
              >
                {/* Flex items: the space between the two parts is the gap (a space in the text would collapse). */}
                <span>
                  Download<span className="sr-only"> {t.title}</span>
                </span>
                <span>({t.fileName})</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-gray-700">The school has not published a timetable for this programme yet.</p>
      )}
    </section>
  );
}

/** A timetable row as the list shows it. */
export function toPublishedTimetable(t: {
  _id: string;
  title: string;
  description?: string | null;
  programme: string;
  forms?: readonly string[] | null;
  fileName: string;
  createdAt: Date | string;
}): PublishedTimetable {
  return {
    id: t._id,
    title: t.title,
    description: t.description ?? null,
    audience: audienceLabel(t),
    fileName: t.fileName,
    createdAt: new Date(t.createdAt).toISOString(),
  };
}
