import { startTransition, useEffect, useState } from "react";
import { parse, type useForm } from "@conform-to/react";
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
 *
 * Until the schema arrives a field that is left is not checked (`NOT_YET`): without an `onValidate`, Conform would
 * post the whole form to the server to check that one field, as a navigation, and its late answer re-rendered the
 * form with the values of that moment, undoing what was typed or chosen since (the programme's subjects vanished on a
 * slow link). A submission still goes to the server, which checks everything.
 */
const NOT_YET: Validate = ({ formData }) => parse(formData, { resolve: (value) => ({ value }) });

export function useClientValidation(loadSchema: () => Promise<ZodType>, key = ""): Validate {
  const [validate, setValidate] = useState<Validate>();
  useEffect(() => {
    let live = true;
    void Promise.all([loadSchema(), import("#app/forms/parse.ts")]).then(([schema, { parseWithZod }]) => {
      // A transition: the form re-renders in slices, behind whatever the visitor is typing.
      if (live)
        startTransition(() => setValidate(() => (({ formData }) => parseWithZod(formData, { schema })) as Validate));
    });
    return () => {
      live = false;
    };
    // loadSchema is a new function on every render; the key says when it names another schema.
  }, [key]);
  return validate ?? NOT_YET;
}
