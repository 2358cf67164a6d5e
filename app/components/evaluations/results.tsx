import { barPercent, type SlotSummary } from "#app/domain/evaluations.ts";
import { Section } from "#app/components/ui/section.tsx";

type Row = {
  key: string;
  prompt: string;
  typeLabel: string;
  lowLabel: string;
  highLabel: string;
  summary: SlotSummary;
};
type TextAnswer = { question: string; text: string; ward: string | null; programme: string; when: string };

/**
 * A bar drawn with plain HTML and CSS (no chart library, no JavaScript); the numbers are written beside it,
 * so a screen reader reads "4 — 3 (60%)" and the bar itself is hidden from it.
 */
function Bar({ label, count, total }: { label: string; count: number; total: number }) {
  const pct = barPercent(count, total);
  return (
    <li className="grid grid-cols-[minmax(4rem,10rem)_1fr_auto] items-center gap-2 text-sm">
      <span className="break-words text-gray-900">{label}</span>
      <span aria-hidden="true" className="block h-4 rounded bg-gray-100">
        <span className="block h-4 rounded bg-brand-700" style={{ width: `${pct}%` }} />
      </span>
      <span className="whitespace-nowrap tabular-nums text-gray-800">
        {count} ({pct}%)
      </span>
    </li>
  );
}

export function SummaryCard({ row }: { row: Row }) {
  const s = row.summary;
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4">
      <h3 className="font-semibold text-gray-900">{row.prompt}</h3>
      <p className="text-xs text-gray-600">{row.typeLabel}</p>
      {s.kind === "rating" ? (
        <>
          <p className="mt-2 text-sm text-gray-800">
            {s.count ? (
              <>
                Mean <strong>{s.mean!.toFixed(1)}</strong> out of 5 from {s.count}{" "}
                {s.count === 1 ? "answer" : "answers"}
              </>
            ) : (
              "No answers yet"
            )}
            {row.lowLabel || row.highLabel
              ? ` (1 = ${row.lowLabel || "lowest"}, 5 = ${row.highLabel || "highest"})`
              : null}
          </p>
          <ul className="mt-2 space-y-1" aria-label={`${row.prompt}: answers per rating`}>
            {s.distribution.map((count, i) => (
              <Bar key={i} label={`${i + 1}`} count={count} total={s.count} />
            ))}
          </ul>
        </>
      ) : s.kind === "choice" ? (
        <>
          <p className="mt-2 text-sm text-gray-800">
            {s.count ? `${s.count} ${s.count === 1 ? "answer" : "answers"}` : "No answers yet"}
          </p>
          <ul className="mt-2 space-y-1" aria-label={`${row.prompt}: answers per option`}>
            {s.counts.map((c) => (
              <Bar key={c.option} label={c.option} count={c.count} total={s.count} />
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-sm text-gray-800">
          {s.count ? `${s.count} written ${s.count === 1 ? "answer" : "answers"}, listed below` : "No answers yet"}
        </p>
      )}
    </li>
  );
}

export function TextAnswers({
  answers,
  more,
  anonymous,
}: {
  answers: TextAnswer[];
  more: boolean;
  anonymous: boolean;
}) {
  if (!answers.length) return <p className="text-sm text-gray-700">No written answers match.</p>;
  return (
    <>
      <ul className="space-y-3">
        {answers.map((a, i) => (
          <li key={i} className="rounded-lg border border-gray-200 bg-white p-3">
            <p className="text-xs font-semibold text-gray-700">{a.question}</p>
            <p className="mt-1 whitespace-pre-line break-words text-gray-900">{a.text}</p>
            <p className="mt-1 text-xs text-gray-600">
              {anonymous ? "Anonymous" : a.ward}
              {a.programme ? ` · ${a.programme}` : ""} · {a.when}
            </p>
          </li>
        ))}
      </ul>
      {more ? (
        <p className="mt-2 text-sm text-gray-700">
          Showing the newest answers only: search to narrow them down, or export the CSV for all.
        </p>
      ) : null}
    </>
  );
}

type ResultsData = {
  form: {
    id: string;
    title: string;
    audience: string;
    opensAt: string;
    closesAt: string;
    stateLabel: string;
    anonymous: boolean;
    intro: string;
  };
  responses: number;
  totalResponses: number;
  audienceSize: number;
  rows: Row[];
  text: { answers: TextAnswer[]; more: boolean };
  reminders: Array<{
    registrationId: string;
    parentName: string;
    wardName: string;
    programme: string;
    phone: string;
    href: string | null;
  }>;
  remindersTotal: number;
  showReminders: boolean;
};

/**
 * The results page's body (admins, and facilitators for their subjects): the response count against the audience,
 * a card per question, the written answers, and for admins on an open form the reminder list.
 */
export function ResultsBody({
  data,
  filters,
  exportHref,
}: {
  data: ResultsData;
  filters: React.ReactNode;
  exportHref: string | null;
}) {
  return (
    <>
      <p className="text-lg text-gray-900">
        <strong>{data.responses}</strong> {data.responses === 1 ? "response" : "responses"} from an audience of{" "}
        <strong>{data.audienceSize}</strong> {data.audienceSize === 1 ? "ward" : "wards"}
        {data.totalResponses !== data.responses ? ` (${data.totalResponses} in all)` : ""}
        {exportHref ? (
          <>
            {" · "}
            <a href={exportHref} className="font-semibold text-brand-700 underline" download>
              Download CSV
            </a>
          </>
        ) : null}
      </p>
      {filters}
      <Section
        id="summary-heading"
        title="Answers by question"
        headingClassName="mb-3 text-xl font-semibold text-gray-900"
      >
        {data.rows.length ? (
          <ul className="grid gap-4 lg:grid-cols-2">
            {data.rows.map((row) => (
              <SummaryCard key={row.key} row={row} />
            ))}
          </ul>
        ) : (
          <p className="text-gray-700">This form has no questions.</p>
        )}
      </Section>
      <Section id="text-heading" title="Written answers" headingClassName="mb-3 text-xl font-semibold text-gray-900">
        <TextAnswers answers={data.text.answers} more={data.text.more} anonymous={data.form.anonymous} />
      </Section>
      {data.showReminders ? (
        <Section
          id="reminders-heading"
          title={<>Not answered yet ({data.remindersTotal})</>}
          headingClassName="mb-1 text-xl font-semibold text-gray-900"
        >
          <p className="mb-3 text-sm text-gray-700">
            Each link opens WhatsApp with a short reminder and the form's link, to send from the school's own WhatsApp.
          </p>
          {data.reminders.length ? (
            <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
              {data.reminders.map((r) => (
                <li key={r.registrationId} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <span>
                    <span className="font-medium text-gray-900">{r.parentName}</span>
                    <span className="text-sm text-gray-700">
                      {" "}
                      · {r.wardName} · {r.programme} · {r.phone}
                    </span>
                  </span>
                  {r.href ? (
                    <a
                      href={r.href}
                      className="font-semibold text-brand-700 underline"
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      Remind on WhatsApp<span className="sr-only"> {r.parentName}</span>
                    </a>
                  ) : (
                    <span className="text-sm text-gray-700">No valid WhatsApp number</span>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-gray-700">Every parent in the audience has answered.</p>
          )}
          {data.remindersTotal > data.reminders.length ? (
            <p className="mt-2 text-sm text-gray-700">Showing the first {data.reminders.length}.</p>
          ) : null}
        </Section>
      ) : null}
    </>
  );
}
