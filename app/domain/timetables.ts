import { programmeLabel, WARD_FORM_LABELS, WARD_FORMS, type WardForm } from "#app/domain/programmes.ts";

/**
 * Who a timetable is for: its programme and, when it names any, only those forms (a Form 2 timetable does not reach
 * a Form 1 ward of the same programme). No forms named means every form of the programme.
 */
export type TimetableAudience = { programme: string; forms?: readonly string[] | null };
/** A ward reading timetables: its programme, form and the vacation of its registration. */
export type TimetableReader = { programme: string; wardForm: string; vacation?: string | null };

export function reaches(
  timetable: TimetableAudience & { vacations?: readonly string[] | null },
  ward: TimetableReader,
) {
  return (
    timetable.programme === ward.programme &&
    (!timetable.forms?.length || timetable.forms.includes(ward.wardForm)) &&
    (timetable.vacations ?? []).includes(String(ward.vacation))
  );
}

/** "General Science · Form 2", "General Science · Forms 1 and 3", "General Science · every form". */
export function audienceLabel(timetable: TimetableAudience) {
  const forms = WARD_FORMS.filter((f) => timetable.forms?.includes(f));
  if (!forms.length || forms.length === WARD_FORMS.length) return `${programmeLabel(timetable.programme)} · every form`;
  const names = forms.map((f: WardForm) => WARD_FORM_LABELS[f]);
  const text = names.length === 1 ? names[0] : `Forms ${forms.map((f) => f.slice(-1)).join(" and ")}`;
  return `${programmeLabel(timetable.programme)} · ${text}`;
}
