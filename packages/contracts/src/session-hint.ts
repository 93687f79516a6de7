/**
 * A cookie the page's script can read (not HttpOnly, value '1', no secret in it) that lives exactly as long
 * as the session cookies: without it the client knows it has no session and skips the auth probe, so a
 * visitor's page load makes no request that fails. It is only a hint: with it the probe still decides.
 */
export const SESSION_HINT_COOKIE = 'signed_in';
