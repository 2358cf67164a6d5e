import { useState } from "react";
import { Dialog, Heading } from "react-aria-components";
import { ModalFrame } from "#app/components/ui/modal-dialog.tsx";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/utils/use-hydrated.ts";

/**
 * Delete with confirmation (docs/product.md#departures): with JavaScript an accessible
 * modal; without it a link to a confirmation page holding the same form.
 */
export function ConfirmDelete({
  confirmPath,
  action,
  itemLabel,
  question,
  redirectTo,
}: {
  confirmPath: string;
  action: string;
  itemLabel: string;
  question: string;
  redirectTo?: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const label = (
    <>
      Delete<span className="sr-only"> {itemLabel}</span>
    </>
  );
  if (!hydrated) {
    const href = redirectTo ? `${confirmPath}?redirectTo=${encodeURIComponent(redirectTo)}` : confirmPath;
    return (
      <Link to={href} className={buttonClass("secondary", "text-red-800")}>
        {label}
      </Link>
    );
  }
  return (
    <>
      <Button variant="secondary" className="text-red-800" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ModalFrame open={open} onOpenChange={setOpen} width="max-w-md">
        <Dialog role="alertdialog" className="outline-none">
          <Heading slot="title" className="text-lg font-semibold text-gray-900">
            Delete {itemLabel}?
          </Heading>
          <p className="mt-2 text-gray-800">{question}</p>
          <Form method="post" action={action} className="mt-5 flex justify-end gap-2" onSubmit={() => setOpen(false)}>
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger">
              Delete
            </Button>
          </Form>
        </Dialog>
      </ModalFrame>
    </>
  );
}
