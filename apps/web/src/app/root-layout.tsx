import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { BottomNav } from '@/components/layout/bottom-nav';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { PageSpinner } from '@/components/ui/spinner';
import { GuestActions } from '@/features/auth/components/guest-actions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isRouteHandle } from './route-handle';

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
  return (
    <PageWrapper>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <Header actions={<GuestActions />} />
      <main id="main" tabIndex={-1} className="container">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <BottomNav />
      <ScrollRestoration />
    </PageWrapper>
  );
}
