import type { UserData } from '@paws/contracts/profile';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getUserData = () => api.platform.get<UserData>('/profile/user-data');

export const userDataQueryOptions = () =>
  queryOptions({ queryKey: ['user-data'] as const, queryFn: getUserData });
