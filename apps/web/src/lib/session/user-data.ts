import type { UserData } from '@paws/contracts/profile';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportBan } from '@/lib/ban-store';

/** The ban last shown from the user data: a refetch of the same ban does not open the modal again. */
let shownBan: string | undefined;

/**
 * GET {platform}/profile/user-data. A banned player's data carries the ban: the banned modal shows at once
 * on load (and sign-in), once per ban; their refused actions show it again (their 403s carry it).
 */
export const getUserData = async () => {
  const data = await api.platform.get<UserData>('/profile/user-data');
  const ban = data.user.ban;
  const key = ban ? `${ban.startedAt}|${ban.reason}` : undefined;
  if (ban && key !== shownBan) reportBan(ban);
  shownBan = key;
  return data;
};

export const userDataQueryOptions = () =>
  queryOptions({ queryKey: ['user-data'] as const, queryFn: getUserData });
