import { NO_ASSIGNMENTS } from "#app/forms/assignment.schema.ts";
import { ConfirmDelete } from "#app/components/dashboard/confirm-delete.tsx";
import { EmptyState } from "#app/components/dashboard/page.tsx";
import { formatDate } from "#app/domain/dates.ts";
import { formatFileSize } from "#app/domain/files.ts";
import { dueText } from "#app/domain/work.ts";

export type AssignmentItem = {
  id: string;
  title: string;
  subject: string;
  description: string | null;
  kind: "pdf" | "image" | "video" | null;
  fileName: string | null;
  fileSize: number | null;
  dueAt: string | Date | null;
  maxScore: number;
  refuseLate: boolean;
  createdAt: string | Date;
};

const KIND_LABEL = { pdf: "PDF", image: "Image", video: "Video" } as const;
const KIND_CLASS = {
  pdf: "bg-red-100 text-red-800",
  image: "bg-blue-100 text-blue-800",
  video: "bg-purple-100 text-purple-800",
} as const;

/** A facilitator's uploaded assignments with open and delete (docs/product.md#screens). */
export function AssignmentList({
  items,
  redirectTo,
  emptyText = NO_ASSIGNMENTS,
}: {
  items: AssignmentItem[];
  redirectTo: string;
  emptyText?: string;
}) {
  if (!items.length) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <ul className="space-y-3">
      {items.map((a) => {
        const base = `/facilitator-dashboard/assignments/${encodeURIComponent(a.id)}`;
        return (
          <li
            key={a.id}
            className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
          >
            <div className="min-w-0">
              <h3 className="font-semibold text-gray-900">
                {a.title}
                {a.kind ? (
                  <span
                    className={`ml-2 rounded-full px-2 py-0.5 align-middle text-xs font-semibold ${KIND_CLASS[a.kind]}`}
                    data-kind={a.kind}
                  >
                    {KIND_LABEL[a.kind]}
                  </span>
                ) : null}
              </h3>
              <p className="text-sm text-gray-700">
                {a.subject} · Due: {dueText(a.dueAt)}
                {a.dueAt && a.refuseLate ? " (no late work)" : ""} · out of {a.maxScore}
              </p>
              <p className="text-sm text-gray-700">
                {a.fileName && a.fileSize ? `${a.fileName} · ${formatFileSize(a.fileSize)} · ` : ""}set{" "}
                {formatDate(a.createdAt)}
              </p>
              {a.description ? <p className="mt-1 text-sm text-gray-800">{a.description}</p> : null}
            </div>
            <div className="flex flex-wrap gap-2">
              <a
                href={base}
                className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-brand-700 underline"
              >
                Work handed in<span className="sr-only"> for {a.title}</span>
              </a>
              {a.fileName ? (
                <a
                  href={`${base}/file`}
                  className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-brand-700 underline"
                >
                  Open<span className="sr-only"> {a.title}</span>
                </a>
              ) : null}
              <ConfirmDelete
                confirmPath={`${base}/delete`}
                action={`${base}/delete`}
                itemLabel={a.title}
                question="The assignment and its file are removed for good. This cannot be undone."
                redirectTo={redirectTo}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
