import { LogOut, Menu, X } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { useAuthDialog } from '@/features/auth/auth-dialog-context';
import { preloadAuthDialog } from '@/features/auth/lazy-auth-dialog';
import { useAuth } from '@/features/auth/use-auth';
import { lazyComponent } from '@/lib/lazy-component';
import { LOG_OUT_URL } from '@/features/auth/api';
import { cn } from '@/lib/utils';

/** Signed-in only: its code (the credits query and schemas) stays off the signed-out pages. */
const CreditsButton = lazyComponent(() =>
  import('@/features/credits/credits-button').then((m) => m.CreditsButton),
);

interface NavItem {
  to: string;
  label: string;
  /** Who sees the link: everyone (unset), the signed-in, or administrators only. */
  for?: 'signedIn' | 'admin';
}

const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Create', for: 'signedIn' },
  { to: '/about', label: 'About us' },
  { to: '/how-to', label: 'How To' },
  { to: '/contact', label: 'Contact us' },
  { to: '/account', label: 'Account', for: 'signedIn' },
  { to: '/admin', label: 'Admin', for: 'admin' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-ink-soft',
    isActive ? 'text-ink-soft' : 'text-slate-700',
  );

/**
 * Spec 2.2: fixed top bar; on small screens the links move into a slide-in side menu. The menu is a
 * sibling of the header because the header's backdrop blur would otherwise contain it.
 */
export function Navbar() {
  const { isAuthenticated, isLoading, user } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const shown = { signedIn: isAuthenticated, admin: Boolean(user?.isAdmin) };
  const items = NAV_ITEMS.filter((item) => !item.for || shown[item.for]);
  const openDialog = (mode: 'signup' | 'login') => {
    closeMenu();
    openAuthDialog(mode);
  };

  const links = (onNavigate?: () => void, vertical = false) => (
    <>
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.to !== '/admin'}
          className={linkClass}
          onClick={onNavigate}
        >
          {item.label}
        </NavLink>
      ))}
      <Button asChild variant="accent" size="sm" className={vertical ? 'w-full' : ''}>
        <NavLink to="/contact" onClick={onNavigate}>
          Suggest a Feature
        </NavLink>
      </Button>
    </>
  );

  const account = (onNavigate?: () => void, vertical = false) => {
    if (isLoading) return null;
    if (isAuthenticated) {
      return (
        <Button asChild variant="ghost" size="sm" className={vertical ? 'justify-start' : ''}>
          <a href={LOG_OUT_URL}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Log Out
          </a>
        </Button>
      );
    }
    // The dialog's code loads when a pointer or the focus reaches these, before the click.
    const preload = { onPointerEnter: preloadAuthDialog, onFocus: preloadAuthDialog };
    return (
      <>
        <Button variant="outline" size="sm" onClick={() => openDialog('signup')} {...preload}>
          Sign Up
        </Button>
        <Button variant="ghost" size="sm" onClick={() => openDialog('login')} {...preload}>
          Log In
        </Button>
      </>
    );
  };

  return (
    <>
      <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white/90 backdrop-blur">
        <nav
          aria-label="Main"
          className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4"
        >
          <Logo onClick={closeMenu} />
          <div className="hidden items-center gap-1 lg:flex">{links()}</div>
          <div className="flex items-center gap-2">
            {!isLoading && isAuthenticated && (
              // The balance stays in the bar at every width (spec 2.2's Credits button).
              <Suspense fallback={null}>
                <CreditsButton onNavigate={closeMenu} />
              </Suspense>
            )}
            {!isLoading && !isAuthenticated && (
              <Button asChild size="sm">
                <NavLink to="/try-now" onClick={closeMenu}>
                  <span className="hidden sm:inline">Try Now for Free</span>
                  <span className="sm:hidden">Try Now</span>
                </NavLink>
              </Button>
            )}
            <div className="hidden items-center gap-2 lg:flex">{account()}</div>
            <Button
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
            </Button>
          </div>
        </nav>
      </header>

      {menuOpen && (
        <div
          className="fixed inset-0 top-16 z-40 bg-black/30 lg:hidden"
          aria-hidden="true"
          onClick={closeMenu}
        />
      )}
      <div
        id="mobile-menu"
        role="dialog"
        aria-label="Menu"
        aria-hidden={!menuOpen}
        inert={!menuOpen}
        className={cn(
          'fixed top-16 right-0 bottom-0 z-50 flex w-72 flex-col gap-2 overflow-y-auto border-l border-slate-200 bg-white p-4 shadow-xl transition-transform duration-200 lg:hidden',
          menuOpen ? 'translate-x-0' : 'translate-x-full',
        )}
      >
        <div className="flex flex-col gap-1">{links(closeMenu, true)}</div>
        <div className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4">
          {account(closeMenu, true)}
        </div>
      </div>
    </>
  );
}
