import { formatPhone } from './phone';

/** What the header and the profile call a player: username, else e-mail, else the phone (one format). */
export function displayNameOf(user: {
  username?: string | null;
  email?: string | null;
  phone?: string | null;
}) {
  return user.username ?? user.email ?? (user.phone ? formatPhone(user.phone) : '');
}

/** The avatar's letter: the name's first letter, or none (a silhouette) when it has no letter. */
export function initialOf(name: string): string | undefined {
  return name.match(/\p{L}/u)?.[0]?.toUpperCase();
}
