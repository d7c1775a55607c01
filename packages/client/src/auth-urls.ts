// Sign-in and sign-out are full browser navigations served by the API, never client routes (spec section 2).

export const LOGIN_URL = "/api/login";
export const LOGOUT_URL = "/api/logout";

/** /api/login, carrying the page to come back to after signing in (the API keeps it on our origin). */
export function loginUrl(returnTo?: string): string {
  if (!returnTo || returnTo === "/") return LOGIN_URL;
  return `${LOGIN_URL}?${new URLSearchParams({ returnTo })}`;
}
