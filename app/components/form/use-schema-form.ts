import type { DefaultValue, SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";
import { parseWithZod } from "#app/forms/parse.ts";
import { usePortalForm, type PortalFormOptions } from "#app/components/form/use-portal-form.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Conform's own bound for a form's shape
type Shape = Record<string, any>;

/**
 * A portal form (`usePortalForm`) checked in the browser by the same Zod schema the action checks (one schema per
 * form). The fields are the schema's.
 */
export function useSchemaForm<Schema extends z.ZodType<Shape, Shape>>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue?: DefaultValue<z.input<Schema>>,
  options: Pick<PortalFormOptions<z.input<Schema>, z.output<Schema>>, "checkOn"> = {},
) {
  return usePortalForm<z.input<Schema>, z.output<Schema>>(id, {
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    validate: ({ formData }) => parseWithZod(formData, { schema }),
    ...options,
  });
}
