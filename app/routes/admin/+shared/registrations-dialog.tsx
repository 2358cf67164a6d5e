import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";

/**
 * A confirmation modal (react-aria: focus trapped and restored, Escape closes).
 * JS-only enhancement: every place that opens it also has a confirmation page
 * for browsers without JavaScript.
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-4"
    >
      <Modal className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
        <Dialog role="alertdialog" className="outline-none">
          <Heading slot="title" className="text-lg font-semibold text-gray-900">
            {title}
          </Heading>
          <div className="mt-3">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
