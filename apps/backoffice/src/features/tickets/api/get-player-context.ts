import type { StaffPage } from '@paws/contracts/staff-lists';
import type {
  PlayerBet,
  PlayerPayment,
  PlayerProfile,
  PlayerVerification,
} from '@paws/contracts/staff-players';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ticketKeys } from './keys';

/** How many of the latest bets, payments and verifications sit beside a chat. */
export const CONTEXT_ROWS = 5;
const latest = { page: 1, limit: CONTEXT_ROWS, sort: 'createdAt', order: 'desc' };

/** The player beside a chat, read from the players area (profile with balances and bans). */
export const usePlayerProfile = (id: string | null) =>
  useQuery({
    queryKey: ticketKeys.player(id ?? ''),
    queryFn: () => api.get<PlayerProfile>(`/players/${id}`),
    enabled: Boolean(id),
  });

function sectionQuery<T>(id: string | null, name: 'bets' | 'payments' | 'verifications') {
  return {
    queryKey: ticketKeys.playerSection(id ?? '', name),
    queryFn: () => api.get<StaffPage<T>>(`/players/${id}/${name}`, latest),
    enabled: Boolean(id),
  };
}

export const usePlayerBets = (id: string | null) => useQuery(sectionQuery<PlayerBet>(id, 'bets'));
export const usePlayerPayments = (id: string | null) => useQuery(sectionQuery<PlayerPayment>(id, 'payments'));
export const usePlayerVerifications = (id: string | null) =>
  useQuery(sectionQuery<PlayerVerification>(id, 'verifications'));
