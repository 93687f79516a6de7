import { useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { Loading } from '../components/ui';
import { GlobalSearch } from '../features/search/components/global-search';
import { useMe, useSignOut } from '../lib/session';
import { navItems } from './features';

/** The signed-in frame: side navigation by permission, the staff member, sign out. */
export function Layout() {
  const me = useMe();
  const signOut = useSignOut();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the phone menu on every navigation.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  if (me.isPending) return <Loading />;
  if (!me.data) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  const permissions = new Set(me.data.permissions);
  const links = navItems.filter((item) => permissions.has(item.permission));

  return (
    <div className="shell">
      <header className="topbar">
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="side-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <span className="brand">PAWS back office</span>
        <GlobalSearch />
        <span className="whoami">
          {me.data.email} · {me.data.roles.join(', ')}
        </span>
        <button type="button" className="btn btn-ghost" onClick={signOut}>
          Sign out
        </button>
      </header>
      <nav id="side-nav" className={`side-nav${menuOpen ? ' open' : ''}`} aria-label="Back office">
        <ul>
          {links.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'}>
                {item.label}
              </NavLink>
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
