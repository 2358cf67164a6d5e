import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/**
 * One button that posts one intent to the page's action (app/utils/intent.server.ts), with the hidden `fields` it
 * needs (the item it is about): works without JavaScript as a form of its own.
 */
export function IntentButton({
  intent,
  fields = {},
  children,
  variant = "secondary",
  disabled,
}: {
  intent: string;
  fields?: Record<string, string>;
  children: ReactNode;
  variant?: "secondary" | "danger";
  disabled?: boolean;
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} disabled={disabled} className="min-h-11">
        {children}
      </Button>
    </Form>
  );
}
