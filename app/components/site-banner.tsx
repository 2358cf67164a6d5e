import { LESSONS_BEGAN, SUPPORT_PHONES } from "#app/domain/school.ts";

/** Spec §1: registration still open, lessons began in late October 2025, two phone numbers. */
export function SiteBanner() {
  return (
    <div role="banner" aria-label="Announcement" className="bg-brand-800 px-4 py-2 text-center text-sm text-white">
      <p>
        <strong>Registration is still open.</strong> Lessons began on {LESSONS_BEGAN}. Call{" "}
        {SUPPORT_PHONES.map((p, i) => (
          <span key={p.tel}>
            {i > 0 ? " or " : ""}
            <a href={`tel:${p.tel}`} className="font-semibold underline underline-offset-2">
              {p.display}
            </a>
          </span>
        ))}
        .
      </p>
    </div>
  );
}
