import { groupTypeLabel, isUsableParentLink, isUsableStudentLink } from "#app/domain/whatsapp.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { buttonClass } from "#app/components/ui/button.tsx";

export type GroupView = {
  _id: string;
  subjectName: string;
  programme: string;
  groupType: string;
  whatsappLink: string;
};

/** Only what a card shows, out of a stored group (a loader sends no more than that to the browser). */
export const toGroupView = (g: GroupView): GroupView => ({
  _id: g._id,
  subjectName: g.subjectName,
  programme: g.programme,
  groupType: g.groupType,
  whatsappLink: g.whatsappLink,
});

/** A class page: join link when usable (docs/product.md#validation), otherwise a disabled 'Class Page Coming Soon'. */
export function ClassPageCard({ group, headingLevel = 3 }: { group: GroupView; headingLevel?: 3 | 4 }) {
  const H = headingLevel === 3 ? "h3" : "h4";
  const usable = isUsableStudentLink(group.whatsappLink);
  return (
    <li className="flex flex-col rounded-lg border border-gray-200 bg-white p-4">
      <H className="font-semibold text-gray-900">{group.subjectName}</H>
      <p className="mt-1 flex flex-wrap gap-1 text-xs">
        <span className="rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-800">
          {groupTypeLabel(group.groupType)}
        </span>
        <span className="rounded-full bg-gray-100 px-2 py-0.5 font-semibold text-gray-800">
          {programmeLabel(group.programme)}
        </span>
      </p>
      <div className="mt-3">
        {usable ? (
          <a
            href={group.whatsappLink}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("whatsapp", "w-full")}
          >
            Join Class Now<span className="sr-only">: {group.subjectName} (opens WhatsApp)</span>
          </a>
        ) : (
          <button type="button" disabled className={buttonClass("secondary", "w-full")}>
            Class Page Coming Soon
          </button>
        )}
      </div>
    </li>
  );
}

/** The parents' group of a programme, or a disabled 'Link Coming Soon' when its link is unavailable. */
export function ParentGroupCard({ group, headingLevel = 3 }: { group: GroupView | null; headingLevel?: 3 | 4 }) {
  const H = headingLevel === 3 ? "h3" : "h4";
  const usable = group ? isUsableParentLink(group.whatsappLink) : false;
  return (
    <div className="rounded-lg border border-purple-300 bg-purple-50 p-4">
      <H className="font-semibold text-purple-900">{group ? group.subjectName : "Parent/Guardian group"}</H>
      <p className="mt-1 text-sm text-purple-900">
        This group is strictly for parents and guardians. Students must not join.
      </p>
      <div className="mt-3">
        {group && usable ? (
          <a
            href={group.whatsappLink}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("primary", "bg-purple-800 hover:bg-purple-900")}
          >
            Join Parent Group<span className="sr-only"> (opens WhatsApp)</span>
          </a>
        ) : (
          <button type="button" disabled className={buttonClass("secondary")}>
            Link Coming Soon
          </button>
        )}
      </div>
    </div>
  );
}
