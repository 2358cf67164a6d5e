import { useEffect, useRef, useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import type { FetcherWithComponents, Form } from "react-router";
import { Button, ButtonLink, type ButtonVariant } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import type { SubmissionResult } from "@conform-to/react";

/**
 * A JS-only enhancement: with JavaScript the trigger opens an accessible
 * modal (react-aria: focus trapped and restored, Escape closes); without it
 * the trigger is a link to a page holding the same form (docs/product.md#departures).
 */
export function DialogOrLink({
  to,
  label,
  ariaLabel,
  title,
  variant = "primary",
  className = "",
  children,
}: {
  to: string;
  label: React.ReactNode;
  ariaLabel?: string;
  title: string;
  variant?: ButtonVariant;
  className?: string;
  children: (close: () => void) => React.ReactNode;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    return (
      <ButtonLink to={to} variant={variant} className={className} aria-label={ariaLabel}>
        {label}
      </ButtonLink>
    );
  }
  return (
    <>
      <Button variant={variant} className={className} aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ModalFrame open={open} onOpenChange={setOpen} width="max-w-lg">
        <Dialog className="outline-none">
          <Heading slot="title" className="mb-4 text-lg font-semibold text-gray-900">
            {title}
          </Heading>
          {children(() => setOpen(false))}
          <div className="mt-3 flex justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </Dialog>
      </ModalFrame>
    </>
  );
}

/** The overlay and box of every dialog: closed by Escape or a click outside; react-aria traps and restores focus. */
export function ModalFrame({
  open,
  onOpenChange,
  width,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  width: "max-w-md" | "max-w-lg";
  children: React.ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/50 p-4 sm:items-center"
    >
      <Modal className={`w-full ${width} rounded-xl bg-white p-6 shadow-xl`}>{children}</Modal>
    </ModalOverlay>
  );
}

/** Closes a dialog once its fetcher's submission finished without returning errors (the action redirected). */
export function useCloseOnSuccess(fetcher: FetcherWithComponents<unknown>, close: () => void) {
  const submitted = useRef(false);
  useEffect(() => {
    if (fetcher.state === "submitting") submitted.current = true;
    if (fetcher.state === "idle" && submitted.current) {
      submitted.current = false;
      if (fetcher.data == null) close();
    }
  }, [fetcher.state, fetcher.data, close]);
}

/**
 * What an Add/Edit form shared by a dialog (inside a fetcher form) and a no-JS page (a plain form) takes: both post to
 * the same action.
 */
export type DialogFormProps<Values> = {
  id: string;
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
  current?: Values | null;
  FormComponent?: typeof Form;
  submitLabel: string;
  pendingLabel: string;
  /** A dialog's fetcher state (navigation state does not cover fetchers). */
  pending?: boolean;
};
