// Sign-in and sign-out are full browser navigations served by the API, never client routes (spec section 2).

export const LOGIN_URL = "/api/login";
export const LOGOUT_URL = "/api/logout";
