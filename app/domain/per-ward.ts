/** One figure per ward: over all of the ward's rows, and per subject (attendance shares, marks' averages). */
export type PerWard<S> = { overall: S; bySubject: Map<string, S> };

/** Rows of a ward in a subject each, summed up by `summarise` per ward, overall and per subject. */
export function perWardAndSubject<R extends { registrationId: string; subject: string }, V, S>(
  rows: readonly R[],
  valueOf: (row: R) => V,
  summarise: (values: V[]) => S,
): Map<string, PerWard<S>> {
  const grouped = new Map<string, Map<string, V[]>>();
  for (const r of rows) {
    const bySubject = grouped.get(r.registrationId) ?? new Map<string, V[]>();
    bySubject.set(r.subject, [...(bySubject.get(r.subject) ?? []), valueOf(r)]);
    grouped.set(r.registrationId, bySubject);
  }
  const result = new Map<string, PerWard<S>>();
  for (const [id, bySubject] of grouped)
    result.set(id, {
      overall: summarise([...bySubject.values()].flat()),
      bySubject: new Map([...bySubject].map(([subject, values]) => [subject, summarise(values)])),
    });
  return result;
}
