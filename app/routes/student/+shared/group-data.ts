import { programmeLabel } from "#app/domain/programmes.ts";
import { groupTypeLabel, isUsableStudentLink } from "#app/domain/whatsapp.ts";

/** A group as the pages show it: the link only when usable (docs/product.md#validation), else null. */
export type GroupCardData = {
  id: string;
  subjectName: string;
  programme: string;
  programmeLabel: string;
  groupType: string;
  typeLabel: string;
  link: string | null;
};

export function toGroupCard(g: {
  _id: string;
  subjectName: string;
  programme: string;
  groupType: string;
  whatsappLink: string;
}): GroupCardData {
  return {
    id: g._id,
    subjectName: g.subjectName,
    programme: g.programme,
    programmeLabel: programmeLabel(g.programme),
    groupType: g.groupType,
    typeLabel: groupTypeLabel(g.groupType),
    link: isUsableStudentLink(g.whatsappLink) ? g.whatsappLink.trim() : null,
  };
}

/** Where the portal records that the class pages were opened (or the join list dismissed). */
export const CLASS_PAGES_ACTION = "/student-dashboard/class-pages";
