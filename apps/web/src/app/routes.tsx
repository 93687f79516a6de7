import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { lazyPage } from '@/lib/lazy-page';
import { RequireSignIn } from './require-sign-in';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { titled } from './route-handle';

// Every screen is its own chunk; only the shell (layout, header, footer) is in the entry.
const HomePage = lazyPage(() => import('@/features/home/components/home-page'), 'HomePage');
const AboutPage = lazyPage(() => import('@/features/about/components/about-page'), 'AboutPage');
const ContactsPage = lazyPage(() => import('@/features/contacts/components/contacts-page'), 'ContactsPage');
const FaqPage = lazyPage(() => import('@/features/faq/components/faq-page'), 'FaqPage');
const TermsPage = lazyPage(() => import('@/features/terms/components/terms-page'), 'TermsPage');
const ResponsibleGamingPage = lazyPage(
  () => import('@/features/responsible-gaming/components/responsible-gaming-page'),
  'ResponsibleGamingPage',
);
const PartnersPage = lazyPage(() => import('@/features/partners/components/partners-page'), 'PartnersPage');
const CompanyPage = lazyPage(() => import('@/features/company/components/company-page'), 'CompanyPage');
const NewsPage = lazyPage(() => import('@/features/news/components/news-page'), 'NewsPage');
const NewsPostPage = lazyPage(() => import('@/features/news/components/news-post-page'), 'NewsPostPage');
const GamePage = lazyPage(() => import('./game-route'), 'GameRoute');
const VerifyPage = lazyPage(() => import('@/features/auth/components/verify-page'), 'VerifyPage');
const CallbackLoginPage = lazyPage(
  () => import('@/features/auth/components/callback-login-page'),
  'CallbackLoginPage',
);
const CallbackRegisterPage = lazyPage(
  () => import('@/features/auth/components/callback-register-page'),
  'CallbackRegisterPage',
);
const VerifyEmailPage = lazyPage(
  () => import('@/features/auth/components/verify-email-page'),
  'VerifyEmailPage',
);
const EndSessionPage = lazyPage(
  () => import('@/features/auth/components/end-session-page'),
  'EndSessionPage',
);
const ProfileLayout = lazyPage(() => import('@/features/profile/components/profile-layout'), 'ProfileLayout');
const ProfileHomePage = lazyPage(
  () => import('@/features/profile/components/profile-home-page'),
  'ProfileHomePage',
);
const AccountPage = lazyPage(() => import('./account-route'), 'AccountRoute');
const BonusesPage = lazyPage(() => import('@/features/profile/components/bonuses-page'), 'BonusesPage');
const HistoryPage = lazyPage(() => import('@/features/profile/components/history-page'), 'HistoryPage');
const NotificationsPage = lazyPage(
  () => import('@/features/notifications/components/notifications-page'),
  'NotificationsPage',
);
const NotificationPage = lazyPage(
  () => import('@/features/notifications/components/notification-page'),
  'NotificationPage',
);
const SupportPage = lazyPage(() => import('@/features/support/components/support-page'), 'SupportPage');
const SupportTicketPage = lazyPage(
  () => import('@/features/support/components/support-ticket-page'),
  'SupportTicketPage',
);
const GuestTicketPage = lazyPage(
  () => import('@/features/support/components/guest-ticket-page'),
  'GuestTicketPage',
);
const VisitorTicketSection = lazyPage(
  () => import('@/features/support/components/visitor-ticket-section'),
  'VisitorTicketSection',
);
const NotFoundPage = lazyPage(() => import('./not-found-page'), 'NotFoundPage');

/** The route table of spec 000 §2 and 001 §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: paths.home.path, element: <HomePage />, handle: titled('home') },
          { path: paths.aboutUs.path, element: <AboutPage />, handle: titled('aboutUs') },
          {
            path: paths.contacts.path,
            element: (
              <>
                <ContactsPage />
                <VisitorTicketSection />
              </>
            ),
            handle: titled('contacts'),
          },
          {
            path: paths.supportGuestTicket.path,
            element: <GuestTicketPage />,
            handle: titled('supportGuestTicket'),
          },
          { path: paths.faq.path, element: <FaqPage />, handle: titled('faq') },
          { path: paths.termsOfService.path, element: <TermsPage />, handle: titled('termsOfService') },
          {
            path: paths.responsibleGaming.path,
            element: <ResponsibleGamingPage />,
            handle: titled('responsibleGaming'),
          },
          { path: paths.forPartners.path, element: <PartnersPage />, handle: titled('forPartners') },
          {
            path: paths.companyInformation.path,
            element: <CompanyPage />,
            handle: titled('companyInformation'),
          },
          { path: paths.news.path, element: <NewsPage />, handle: titled('news') },
          { path: paths.newsPost.path, element: <NewsPostPage />, handle: titled('newsPost') },
          { path: paths.game.path, element: <GamePage />, handle: titled('game') },
          { path: paths.verify.path, element: <VerifyPage />, handle: titled('verify') },
          { path: paths.callbackLogin.path, element: <CallbackLoginPage />, handle: titled('callbackLogin') },
          {
            path: paths.callbackRegister.path,
            element: <CallbackRegisterPage />,
            handle: titled('callbackRegister'),
          },
          { path: paths.verifyEmail.path, element: <VerifyEmailPage />, handle: titled('verifyEmail') },
          { path: paths.endSession.path, element: <EndSessionPage />, handle: titled('endSession') },
          {
            // Signed-in screens sit under one guard: a visitor gets the login modal and comes back after.
            element: <RequireSignIn />,
            children: [
              {
                path: paths.profile.path,
                element: <ProfileLayout />,
                handle: titled('profile'),
                children: [
                  { index: true, element: <ProfileHomePage /> },
                  { path: paths.profileAccount.path, element: <AccountPage />, handle: titled('account') },
                  { path: paths.profileBonuses.path, element: <BonusesPage />, handle: titled('bonuses') },
                  { path: paths.profileHistory.path, element: <HistoryPage />, handle: titled('history') },
                  {
                    path: paths.profileNotifications.path,
                    element: <NotificationsPage />,
                    handle: titled('notifications'),
                  },
                  {
                    path: paths.profileNotification.path,
                    element: <NotificationPage />,
                    handle: titled('notification'),
                  },
                  { path: paths.profileSupport.path, element: <SupportPage />, handle: titled('support') },
                  {
                    path: paths.profileSupportTicket.path,
                    element: <SupportTicketPage />,
                    handle: titled('supportTicket'),
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage />, handle: titled('notFound') },
        ],
      },
    ],
  },
];
