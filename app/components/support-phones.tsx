import { SUPPORT_PHONES } from "#app/domain/school.ts";

/** The school's phone numbers as tel: links, joined with "or". */
export function SupportPhones({ linkClassName = "font-semibold underline" }: { linkClassName?: string }) {
  return (
    <>
      {SUPPORT_PHONES.map((p, i) => (
        <span key={p.tel}>
          {i > 0 ? " or " : ""}
          <a href={`tel:${p.tel}`} className={linkClassName}>
            {p.display}
          </a>
        </span>
      ))}
    </>
  );
}
