/** One figure per ward: over all of the ward's rows, and per subject (attendance shares, marks' averages). */
export type PerWard<S> = { overall: S; bySubject: Map<string, S> };

/** Counts that add up: lessons attended and held, or marks' percentages summed and how many. */
export type Tally = { count: number; sum: number };

/**
 * Tallies of a ward in a subject each (as the database groups them, several per pair allowed), added up per ward,
 * overall and per subject, and turned into figures by `figure`.
 */
export function perWardAndSubject<S>(
  rows: readonly { registrationId: string; subject: string; tally: Tally }[],
  figure: (tally: Tally) => S,
): Map<string, PerWard<S>> {
  const grouped = new Map<string, { overall: Tally; bySubject: Map<string, Tally> }>();
  for (const { registrationId, subject, tally } of rows) {
    let ward = grouped.get(registrationId);
    if (!ward) grouped.set(registrationId, (ward = { overall: { count: 0, sum: 0 }, bySubject: new Map() }));
    let inSubject = ward.bySubject.get(subject);
    if (!inSubject) ward.bySubject.set(subject, (inSubject = { count: 0, sum: 0 }));
    for (const t of [ward.overall, inSubject]) {
      t.count += tally.count;
      t.sum += tally.sum;
    }
  }
  const result = new Map<string, PerWard<S>>();
  for (const [id, { overall, bySubject }] of grouped)
    result.set(id, {
      overall: figure(overall),
      bySubject: new Map([...bySubject].map(([subject, tally]) => [subject, figure(tally)])),
    });
  return result;
}
