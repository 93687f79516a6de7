import { Burger, Button as MantineButton, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Navigate, Outlet, NavLink as RouterLink, useLocation } from 'react-router';
import { Loading } from '../components/ui';
import { GlobalSearch } from '../features/search/components/global-search';
import { useMe, useSignOut } from '../lib/session';
import { navItems } from './features';

/** Whether a navigation entry is the page shown or one under it (the dashboard only for itself). */
const isCurrent = (to: string, pathname: string) =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

/**
 * The signed-in frame: side navigation by permission (Mantine's NavLink), the staff member, sign out; on a
 * phone the navigation folds behind the Menu burger. A CSS grid rather than Mantine's AppShell, which injects
 * its media rules as a <style> block that the back office's Content-Security-Policy refuses.
 */
export function Layout() {
  const me = useMe();
  const signOut = useSignOut();
  const location = useLocation();
  const [menuOpen, menu] = useDisclosure(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the phone menu on every navigation.
  useEffect(() => menu.close(), [location.pathname]);

  if (me.isPending) return <Loading />;
  if (!me.data) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  const permissions = new Set(me.data.permissions);
  const links = navItems.filter((item) => permissions.has(item.permission));

  return (
    <div className="shell">
      <header className="topbar">
        <Burger
          opened={menuOpen}
          onClick={menu.toggle}
          className="menu-toggle"
          size="sm"
          color="white"
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls="side-nav"
        />
        <Text component="span" fw={700} className="brand">
          PAWS back office
        </Text>
        <GlobalSearch />
        <Text component="span" size="sm" className="whoami">
          {me.data.email} · {me.data.roles.join(', ')}
        </Text>
        <MantineButton variant="default" onClick={signOut} className="sign-out">
          Sign out
        </MantineButton>
      </header>
      <nav id="side-nav" className={`side-nav${menuOpen ? ' open' : ''}`} aria-label="Back office">
        <ul>
          {links.map((item) => (
            <li key={item.to}>
              <NavLink
                component={RouterLink}
                to={item.to}
                end={item.to === '/'}
                label={item.label}
                active={isCurrent(item.to, location.pathname)}
                variant="filled"
              />
            </li>
          ))}
        </ul>
      </nav>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
