// What a Part 11 signer gives before signing (ADR 077): the printed name and meaning their
// signature states, and the password and one-time code that re-authenticate them.
export interface Part11Input {
  printedName: string;
  meaning: string;
  password: string;
  code: string;
}

/** Whether a sign failure is a Part 11 refusal the verification overlay can fix by asking again. */
export const isPart11Refusal = (code: string | null): boolean => code?.startsWith('part11.') === true;
