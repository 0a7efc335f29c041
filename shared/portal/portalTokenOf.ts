/**
 * The token a portal's sign-in hands over (Vigie-Chiro: 32 characters of `[A-Z0-9]`, facts §1),
 * from what the volunteer gives: the token itself, or the whole address the sign-in ended on
 * (`https://.../#/?token=...`). Undefined when neither holds one; never guessed at.
 */
export const portalTokenOf = (given: string): string | undefined => {
  const text = given.trim();
  const inAddress = /[#?&]token=([A-Za-z0-9]+)/.exec(text)?.[1];
  const token = inAddress ?? text;
  return /^[A-Za-z0-9]{16,128}$/.test(token) ? token : undefined;
};
