/** Set in this browser once someone has signed in here: the visitor has an account. */
const SIGNED_IN_BEFORE_KEY = 'rasma.signedInBefore';

export const rememberSignedIn = () => localStorage.setItem(SIGNED_IN_BEFORE_KEY, 'true');

export const hasSignedInBefore = () => localStorage.getItem(SIGNED_IN_BEFORE_KEY) !== null;
