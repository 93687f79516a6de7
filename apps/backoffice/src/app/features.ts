import type { FeatureRoutes, NavItem } from '../lib/nav';

// Each area brings its own routes and links (features/<area>/routes.tsx); its screens load lazily.
const modules = import.meta.glob<FeatureRoutes>('../features/*/routes.tsx', { eager: true });

export const featureRoutes = Object.values(modules).flatMap((module) => module.routes);
export const navItems: NavItem[] = Object.values(modules)
  .flatMap((module) => module.nav)
  .sort((a, b) => a.order - b.order);
