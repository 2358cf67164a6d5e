import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { DRAFT_RESTORE, DRAFT_RESTORE_QUESTION, DRAFT_START_AGAIN } from "#app/domain/form-messages.ts";

type Drafts = typeof import("#app/utils/form-drafts.client.ts");
type Draft = import("#app/utils/form-drafts.client.ts").Draft;
type RootData = { user: { id: string } | null } | undefined;

/** A fresh key for a new submission ("Start again"), kept as the default so a form reset keeps it. */
function freshKey(form: HTMLFormElement) {
  const input = form.elements.namedItem("idempotencyKey");
  if (input instanceof HTMLInputElement && typeof crypto !== "undefined" && "randomUUID" in crypto)
    input.defaultValue = input.value = crypto.randomUUID();
}

/** Text typed before React took over the page: a text field whose value is not the one the page was rendered with. */
function typedBeforeHydration(form: HTMLFormElement) {
  return Array.from(form.elements).some(
    (el) =>
      ((el instanceof HTMLInputElement && ["text", "tel", "email", "search", "url"].includes(el.type)) ||
        el instanceof HTMLTextAreaElement) &&
      !el.readOnly &&
      el.value !== el.defaultValue,
  );
}

/**
 * Keeps what is typed into a form on the device and offers it back
 * ("Continue where you left off? — Restore / Start again"), per form and per
 * signed-in user; a successful submit (one that navigates on) clears it. The
 * storage code (app/utils/form-drafts.client.ts) is loaded after this, so it
 * never delays the first paint. Rendered through `FormDraft` (./form-draft.tsx).
 */
export function FormDraftOffer({
  formId,
  formRef,
}: {
  formId: string;
  formRef: React.RefObject<HTMLFormElement | null>;
}) {
  const root = useRouteLoaderData("root") as RootData;
  const userId = root?.user?.id ?? null;
  const [offer, setOffer] = useState<Draft | null>(null);
  const drafts = useRef<{ mod: Drafts; key: string; stop?: () => void } | null>(null);
  const sending = useRef(false);
  const navigation = useNavigation();
  const location = useLocation();

  useEffect(() => {
    let cancelled = false;
    const form = formRef.current;
    if (!form) return;
    // Typing before the storage code arrives (a slow link) is kept too: note it now, save it when the code is here.
    let typedEarly = false;
    const markTyped = (event: Event) => {
      if (event.isTrusted) typedEarly = true;
    };
    form.addEventListener("input", markTyped);
    form.addEventListener("change", markTyped);
    import("#app/utils/form-drafts.client.ts").then(
      (mod) => {
        form.removeEventListener("input", markTyped);
        form.removeEventListener("change", markTyped);
        if (cancelled) return;
        mod.sweepExpired();
        const key = mod.draftStorageKey(formId, userId);
        drafts.current = { mod, key };
        const draft = mod.readDraft(key);
        if (draft && draft.values.some(([name, value]) => name !== "idempotencyKey" && value.trim())) setOffer(draft);
        // No fresh key here: the form already has one (the server's, or the browser's on public pages), and a submit
        // may have used it before this module arrived — replacing it would make a resend look like a new submission.
        else {
          drafts.current.stop = mod.watchForm(form, key);
          if (typedEarly || typedBeforeHydration(form)) mod.saveDraft(key, form);
        }
      },
      () => {}, // offline before the chunk was cached: the form works without drafts
    );
    const onSubmit = () => (sending.current = true);
    form.addEventListener("submit", onSubmit);
    return () => {
      cancelled = true;
      form.removeEventListener("submit", onSubmit);
      drafts.current?.stop?.();
      drafts.current = null;
    };
  }, [formId, userId, formRef]);

  // A submission of this form that moves on to another page (the success redirect) clears the draft.
  useEffect(() => {
    if (navigation.state === "idle") sending.current = false;
    else if (
      navigation.state === "loading" &&
      sending.current &&
      navigation.location.key !== location.key &&
      drafts.current
    ) {
      drafts.current.stop?.();
      drafts.current.stop = undefined;
      drafts.current.mod.clearDraft(drafts.current.key);
    }
  }, [navigation.state, navigation.location, location.key]);

  if (!offer) return null;
  const answer = async (restore: boolean) => {
    const form = formRef.current;
    const d = drafts.current;
    setOffer(null);
    if (!form || !d) return;
    if (restore) await d.mod.applyDraft(form, offer);
    else {
      d.mod.clearDraft(d.key);
      freshKey(form);
    }
    d.stop = d.mod.watchForm(form, d.key);
    if (restore) d.mod.saveDraft(d.key, form);
  };
  const saved = new Date(offer.savedAt).toLocaleString("en-GB", {
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
  });
  return (
    <div
      role="region"
      aria-labelledby={`${formId}-draft-title`}
      className="rounded-lg border border-brand-600 bg-brand-50 p-4 text-gray-900"
    >
      <p id={`${formId}-draft-title`} className="font-semibold">
        {DRAFT_RESTORE_QUESTION}
      </p>
      <p className="mt-1 text-sm text-gray-700">Your answers from {saved} are saved on this device.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" onClick={() => void answer(true)}>
          {DRAFT_RESTORE}
        </Button>
        <Button type="button" variant="secondary" onClick={() => void answer(false)}>
          {DRAFT_START_AGAIN}
        </Button>
      </div>
    </div>
  );
}
