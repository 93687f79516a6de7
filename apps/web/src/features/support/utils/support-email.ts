/** The hotline's address (spec 001 §2 '{email}'); the contacts page and the banned modal show the same one. */
export const SUPPORT_EMAIL = 'support@paws.local';

/** Spec 001 §9: the hotline's Copy email button reads 'Copied!' for 2000 ms. */
export const EMAIL_COPIED_MS = 2000;
