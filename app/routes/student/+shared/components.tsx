import { useOutletContext } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import type { GroupCardData } from "#app/routes/student/+shared/group-data.ts";
import { LINK_NOT_AVAILABLE } from "#app/domain/messages.ts";

export type ShowToast = (toast: { type: "success" | "error" | "info"; title: string; description?: string }) => void;

export function Badge({
  children,
  tone = "gray",
}: {
  children: React.ReactNode;
  tone?: "gray" | "green" | "yellow" | "blue" | "purple" | "red";
}) {
  const tones = {
    gray: "bg-gray-100 text-gray-800",
    green: "bg-green-100 text-green-800",
    yellow: "bg-yellow-100 text-yellow-900",
    blue: "bg-brand-50 text-brand-800",
    purple: "bg-purple-100 text-purple-800",
    red: "bg-red-100 text-red-800",
  } as const;
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}

export function Card({
  children,
  className = "",
  labelledBy,
}: {
  children: React.ReactNode;
  className?: string;
  labelledBy?: string;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={`rounded-xl border border-gray-200 bg-white p-5 shadow-sm ${className}`}
    >
      {children}
    </section>
  );
}

/** A class-page card: 'Join Class Now' for a usable link, a disabled 'Class Page Coming Soon' otherwise (docs/product.md#screens, #validation). */
export function GroupCard({
  group,
  onToast,
  headingLevel = 3,
}: {
  group: GroupCardData;
  onToast?: ShowToast;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <li className="flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <Heading className="text-lg font-semibold text-gray-900">{group.subjectName}</Heading>
      <p className="mt-2 flex flex-wrap gap-2">
        <Badge tone="green">{group.typeLabel}</Badge>
        <Badge tone="blue">{group.programmeLabel}</Badge>
      </p>
      <div className="mt-4 flex-1" />
      {group.link ? (
        <a
          href={group.link}
          target="_blank"
          rel="noopener"
          className={buttonClass("whatsapp", "w-full")}
          onClick={() =>
            onToast?.({ type: "success", title: "Opening WhatsApp", description: `Joining ${group.subjectName}` })
          }
        >
          Join Class Now<span className="sr-only"> for {group.subjectName} (opens WhatsApp in a new tab)</span>
        </a>
      ) : (
        <>
          <button
            type="button"
            disabled
            className={buttonClass("secondary", "w-full")}
            aria-describedby={`soon-${group.id}`}
          >
            Class Page Coming Soon<span className="sr-only"> for {group.subjectName}</span>
          </button>
          <p id={`soon-${group.id}`} className="mt-2 text-sm text-gray-700">
            {LINK_NOT_AVAILABLE}
          </p>
        </>
      )}
    </li>
  );
}

export const GROUP_GUIDELINES = [
  "Use the groups for educational purposes only.",
  "Be respectful to facilitators and fellow students.",
  "Do not share personal or off-topic content.",
  "Follow the facilitator's instructions.",
  "Report any inappropriate content to the facilitator or an admin.",
] as const;

/** The Group Guidelines card with its five bullets (docs/product.md#screens). */
export function GroupGuidelines({ id = "group-guidelines" }: { id?: string }) {
  return (
    <Card labelledBy={id}>
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        Group Guidelines
      </h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-gray-800">
        {GROUP_GUIDELINES.map((g) => (
          <li key={g}>{g}</li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * A link that shares `text` on WhatsApp (wa.me works without JavaScript);
 * with JavaScript the device's share sheet is offered first when it exists.
 */
export function ShareLink({
  href,
  shareText,
  title,
  children,
  className,
}: {
  href: string;
  shareText: string;
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className={className}
      onClick={(event) => {
        if (!hydrated || typeof navigator === "undefined" || typeof navigator.share !== "function") return;
        event.preventDefault();
        navigator.share({ title, text: shareText }).catch((error: unknown) => {
          // Refused (not cancelled by the user): fall back to WhatsApp.
          if ((error as Error)?.name !== "AbortError") window.open(href, "_blank", "noopener");
        });
      }}
    >
      {children}
    </a>
  );
}

/** The student portal layout's client toast, shared with its tabs through the outlet. */
export type PortalOutletContext = { showToast: ShowToast };
export function usePortalToast(): ShowToast {
  return useOutletContext<PortalOutletContext>().showToast;
}
