import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";

/**
 * A form whose success redirects back to its own page comes back empty without JavaScript, but with it the component
 * stays mounted and keeps what was typed, which invites the same thing sent twice (an assignment uploaded again).
 * This resets the form once a submission of it (its submit's `intent`) ends without a reply from the action: the
 * redirect of a success. A refusal's reply (`lastResult`) keeps every value by its field, as before.
 */
export function useResetAfterSuccess(form: { reset: () => void }, intent: string, lastResult: unknown) {
  const navigation = useNavigation();
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("intent") === intent) submitted.current = true;
    else if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      if (!lastResult) form.reset();
    }
  }, [navigation.state, navigation.formData, lastResult, form, intent]);
}
