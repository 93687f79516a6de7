import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { BottomNav } from '@/components/layout/bottom-nav';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { FromPwaNotice } from '@/components/ui/from-pwa-notice';
import { PageSpinner } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { AuthModalHost } from '@/features/auth/components/auth-modal-host';
import { StepUpModalHost } from '@/features/auth/components/step-up-modal-host';
import { useOpenGameOrGamesList } from '@/features/game/hooks/use-open-game-or-games-list';
import { GameSearch } from '@/features/home/components/game-search';
import { recentNotificationsQueryOptions } from '@/features/notifications/api/notifications';
import { useNotificationsChannel } from '@/features/notifications/realtime/use-notifications-channel';
import { AfterFirstPaint } from '@/lib/after-first-paint';
import { requestNotificationPermission } from '@/lib/browser-notifications';
import { lazyPage } from '@/lib/lazy-page';
import { OpenGameProvider } from '@/lib/open-game';
import { InstantScrollOnNavigation } from '@/lib/page-scroll';
import { useAuthStatus } from '@/lib/session/use-session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { HeaderActions } from './header-actions';
import { isRouteHandle } from './route-handle';

// Only a signed-in player can be on the onboarding tour: it stays off a visitor's first screen.
const OnboardingOverlay = lazyPage(
  () => import('@/features/onboarding/components/onboarding-overlay'),
  'OnboardingOverlay',
);

/** 'FAQ · PAWS' from the deepest matched route that declares a title. */
function useRouteTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = matches.findLast((match) => isRouteHandle(match.handle))?.handle;
  useDocumentTitle(
    isRouteHandle(handle) ? t('meta.title', { page: t(`titles.${handle.title}`) }) : t('brand.name'),
  );
}

export function RootLayout() {
  const { t } = useTranslation();
  useRouteTitle();
  // Spec 000 §4: permission is asked on load while it is still 'default'.
  useEffect(() => {
    void requestNotificationPermission();
  }, []);
  const openGame = useOpenGameOrGamesList();
  useNotificationsChannel();
  const { isSignedIn } = useAuthStatus();
  const recent = useQuery({ ...recentNotificationsQueryOptions(), enabled: isSignedIn });
  return (
    <OpenGameProvider value={openGame}>
      <PageWrapper
        modals={
          <>
            <AuthModalHost />
            <StepUpModalHost />
          </>
        }
        overlays={<FromPwaNotice />}
        onboarding={
          isSignedIn ? (
            <Suspense fallback={null}>
              <OnboardingOverlay />
            </Suspense>
          ) : null
        }
      >
        <a href="#main" className="skip-link">
          {t('common.skipToContent')}
        </a>
        <Header actions={<HeaderActions />} search={<GameSearch />} />
        <main id="main" tabIndex={-1} className="container">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        {/* Far below the fold: rendered after the first screen has painted. */}
        <AfterFirstPaint>
          <Footer />
        </AfterFirstPaint>
        {/* A phone's fixed bar (none on a desktop): it follows the first render by a frame, in a task of its own. */}
        <AfterFirstPaint>
          <BottomNav
            notifications={isSignedIn ? recent.data?.notifications : undefined}
            onOpen={isSignedIn ? () => void recent.refetch() : undefined}
          />
        </AfterFirstPaint>
        <Toaster />
        <InstantScrollOnNavigation />
        <ScrollRestoration />
      </PageWrapper>
    </OpenGameProvider>
  );
}
