import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/** The Delete All dialog's form on the registrations list (the no-JS page has its own): DELETE must be typed. */
export function DeleteAllFields({ onCancel }: { onCancel: () => void }) {
  return (
    <Form method="post" action="/admin/registrations/delete-all" className="space-y-4">
      <p className="text-gray-800">This permanently deletes every registration. It cannot be undone.</p>
      <div>
        <label htmlFor="delete-all-confirm-dialog" className="mb-1 block text-sm font-medium text-gray-900">
          Type DELETE to confirm
        </label>
        <input
          id="delete-all-confirm-dialog"
          name="confirm"
          autoComplete="off"
          required
          maxLength={20}
          className="block w-full rounded-md border border-gray-400 px-3 py-2 text-base"
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger">
          Delete All
        </Button>
      </div>
    </Form>
  );
}
