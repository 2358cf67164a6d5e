import { Suspense, lazy } from "react";
import { useHydrated } from "#app/utils/use-hydrated.ts";

const FormDraftOffer = lazy(() => import("./form-draft-offer.tsx").then((m) => ({ default: m.FormDraftOffer })));

/**
 * A form's draft kept on the device and offered back (./form-draft-offer.tsx). Its code is loaded once the page has
 * hydrated, not with the page: nothing of it shows before then, and without JavaScript it renders nothing, so a first
 * visit over 3G does not wait for it. What was typed before it arrives is saved when it does (a field whose value is
 * not the one the page was rendered with).
 */
export function FormDraft(props: { formId: string; formRef: React.RefObject<HTMLFormElement | null> }) {
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <FormDraftOffer {...props} />
    </Suspense>
  ) : null;
}
