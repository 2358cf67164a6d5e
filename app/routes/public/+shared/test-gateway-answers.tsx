import { SubmitButton } from "#app/components/form/fields.tsx";

/** The TEST gateway's answers of the payer's phone: Approve (the PIN), Decline, and on a checkout page "No answer". */
export function TestGatewayAnswers({ noAnswer = false }: { noAnswer?: boolean }) {
  return (
    <>
      <SubmitButton name="decision" value="approve">
        Approve
      </SubmitButton>
      <SubmitButton name="decision" value="decline" variant="danger">
        Decline
      </SubmitButton>
      {noAnswer ? (
        <SubmitButton name="decision" value="no-answer" variant="secondary">
          No answer
        </SubmitButton>
      ) : null}
    </>
  );
}
