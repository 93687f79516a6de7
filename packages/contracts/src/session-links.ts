// Zod-free, so that the web app's paths (on every page's first screen) can read it without loading zod.

/** The web page the new-device e-mail links to (with ?token=). */
export const END_SESSION_PATH = '/end-session';
