/** What log-in, sign-up and reset send: an e-mail or a phone number, never both. */
export type Credentials = { email: string } | { phone: string };

export type AuthTab = 'email' | 'phone';
