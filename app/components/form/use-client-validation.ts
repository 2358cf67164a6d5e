import { useEffect, useState } from "react";
import type { useForm } from "@conform-to/react";
import type { ZodType } from "zod";

type FormOptions = Parameters<typeof useForm<Record<string, unknown>, Record<string, unknown>, string[]>>[0];
/** A form's HTML constraints (required, lengths, patterns), made from its schema on the server by the route's loader. */
export type FormConstraint = NonNullable<FormOptions["constraint"]>;
type Validate = NonNullable<FormOptions["onValidate"]>;

/**
 * Validation in the browser with the same schema the server uses (one schema per form), loaded once the page is
 * interactive. A schema brings Zod and, for phone numbers, libphonenumber's metadata: about 60 KB gzipped, a third of
 * a form page's JavaScript, that neither the first paint nor typing needs. The form renders from constraints its
 * route's loader computed from the schema (`FormConstraint`); until the schema arrives, and without JavaScript, the
 * server validates every post as it always does. `key` names the schema: a new key loads it again.
 */
export function useClientValidation(loadSchema: () => Promise<ZodType>, key = ""): Validate | undefined {
  const [validate, setValidate] = useState<Validate>();
  useEffect(() => {
    let live = true;
    void Promise.all([loadSchema(), import("#app/forms/parse.ts")]).then(([schema, { parseWithZod }]) => {
      if (live) setValidate(() => (({ formData }) => parseWithZod(formData, { schema })) as Validate);
    });
    return () => {
      live = false;
    };
    // loadSchema is a new function on every render; the key says when it names another schema.
  }, [key]);
  return validate;
}
