import { data } from "react-router";

/**
 * Multi-intent actions (docs/contributing.md#add-an-intent): the submit button names what it asks for
 * (`name="intent" value="…"`), the action reads it with `intentOf`, and a `switch` calls one function per intent. A
 * form's main submit may send none (null). An intent the action does not know is refused with `unknownIntent`.
 */
export function intentOf(formData: FormData): string | null {
  const intent = formData.get("intent");
  return typeof intent === "string" ? intent : null;
}

/** 400, before anything is read or changed. */
export function unknownIntent(): never {
  throw data("This form asked for something this page does not do.", { status: 400 });
}
