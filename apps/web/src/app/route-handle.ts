import type { Messages } from '@/lib/i18n/locales/en';

export type TitleKey = keyof Messages['titles'];

/** Route metadata: the page title (spec 000 §2: page titles come from the route). */
export interface RouteHandle {
  title: TitleKey;
}

export const titled = (title: TitleKey): RouteHandle => ({ title });

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'string';
}
