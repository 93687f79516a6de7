/** A phone number shown without most of its digits: '+447700900456' → '+44 ••• ••• 456'. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) return phone;
  return `+${digits.slice(0, 2)} ••• ••• ${digits.slice(-3)}`;
}

/** What the header and the profile call a player: username, else e-mail, else the masked phone. */
export function displayNameOf(user: {
  username?: string | null;
  email?: string | null;
  phone?: string | null;
}) {
  return user.username ?? user.email ?? (user.phone ? maskPhone(user.phone) : '');
}

/** The avatar's letter: the name's first letter, or none (a silhouette) when it has no letter. */
export function initialOf(name: string): string | undefined {
  return name.match(/\p{L}/u)?.[0]?.toUpperCase();
}
