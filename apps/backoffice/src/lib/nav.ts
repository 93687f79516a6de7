import type { StaffPermission } from '@paws/contracts/staff-permissions';
import type { RouteObject } from 'react-router';

/** A link in the side navigation, shown to those who hold its permission. */
export interface NavItem {
  to: string;
  label: string;
  permission: StaffPermission;
  /** Position in the navigation (lower first). */
  order: number;
}

/** What every `src/features/<area>/routes.tsx` exports: its routes under the signed-in layout and its links. */
export interface FeatureRoutes {
  routes: RouteObject[];
  nav: NavItem[];
}
