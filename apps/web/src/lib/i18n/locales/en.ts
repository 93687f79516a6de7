/** English is the default and fallback language; its shape is the type every other locale must match. */
export const en = {
  brand: {
    name: 'PAWS',
    homeLink: 'PAWS, go to the home page',
  },
  meta: {
    title: '{{page}} · PAWS',
  },
  common: {
    skipToContent: 'Skip to content',
    loading: 'Loading...',
    comingSoon: 'Coming soon',
  },
  titles: {
    home: 'Live casino games',
    aboutUs: 'About us',
    contacts: 'Contacts',
    faq: 'FAQ',
    termsOfService: 'Terms of service',
    forPartners: 'For partners',
    news: 'News',
    newsPost: 'News',
    game: 'Game',
    verify: 'Signing in',
    callbackLogin: 'Logging in',
    callbackRegister: 'Creating account',
    verifyEmail: 'Email confirmation',
    profile: 'Profile',
    account: 'Account',
    bonuses: 'Bonuses',
    history: 'History',
    notifications: 'Notifications',
    notification: 'Notification',
    support: 'Technical support',
    supportTicket: 'Support request',
    notFound: 'Page not found',
  },
  nav: {
    main: 'Main',
    information: 'Information',
    contacts: 'Contacts',
    faq: 'FAQ',
    termsOfService: 'Terms of service',
    games: 'Games',
    aboutUs: 'About us',
    news: 'News',
    forPartners: 'For partners',
  },
  header: {
    searchLabel: 'Search games',
    searchPlaceholder: 'Search for joy',
    logIn: 'Log in',
    createAccount: 'Create account',
  },
  footer: {
    navigation: 'Site',
    partners: 'Partners and payment methods',
    language: 'Language',
    responsible: '18+ · Play responsibly',
    copyright: '© {{year}} PAWS Entertainment Ltd. All rights reserved.',
  },
  bottomNav: {
    label: 'Quick navigation',
    studio: 'Studio',
    live: 'Live',
    table: 'Table',
    mainMenu: 'Main menu',
    slots: 'Slots',
    bets: 'Bets',
    menu: 'Menu',
    close: 'Close',
    aboutUs: 'About Us',
    news: 'News',
    notifications: 'Notifications',
    notificationsEmpty: 'Your notifications will appear here',
  },
  languages: {
    en: 'English',
    es: 'Español',
    fr: 'Français',
    it: 'Italiano',
  },
  status: {
    errorTitle: 'Sorry, technical problems',
    errorDescription: "We've encountered a problem. The server is a little sad and will reboot soon",
    retry: 'Try again',
    emptyTitle: 'There are no data here yet',
    emptyDescription: 'No data available at the moment',
  },
  pages: {
    home: {
      eyebrow: 'Live casino',
      heading: 'Play with joy',
      lead: 'Live roulette, blackjack, poker and more: real dealers and real tables, one tap away.',
      gamesHeading: 'Games',
      categories: 'Game categories',
      favorites: 'Favorites',
      liveRoulette: 'Live Roulette',
      blackjack: 'Blackjack',
      poker: 'Poker',
      baccarat: 'Bacarrat',
      loto: 'Loto',
      comingSoon: 'Coming soon',
      loadMore: 'Load more games',
    },
    aboutUs: {
      heading: 'About us',
      lead: 'PAWS is a live gaming studio and platform for players who like their games fair, fast and beautiful.',
    },
    contacts: {
      heading: 'Contacts',
      lead: 'Questions, ideas or trouble with a game? Our team answers around the clock.',
    },
    faq: {
      heading: 'Frequently asked questions',
      lead: 'Short answers about accounts, deposits, bonuses and games.',
    },
    termsOfService: {
      heading: 'Terms of service',
      lead: 'The rules that apply when you play on PAWS. Please read them before you create an account.',
    },
    forPartners: {
      heading: 'For partners',
      lead: 'Game studios, affiliates and payment providers: let us grow together.',
    },
    news: {
      heading: 'News',
      lead: 'Announcements, events, reviews and podcasts from the PAWS team.',
    },
    newsPost: {
      heading: 'News',
      lead: 'This story is on its way.',
      back: 'Back to News',
    },
    game: {
      heading: 'Game',
      lead: 'Your table is being prepared.',
    },
    verify: {
      heading: 'Signing you in',
      lead: 'One moment while we move your session to the platform.',
    },
    callbackLogin: {
      heading: 'Logging you in',
      lead: 'Checking your link. This takes just a second.',
    },
    callbackRegister: {
      heading: 'Creating your account',
      lead: 'Checking your link. This takes just a second.',
    },
    verifyEmail: {
      heading: 'Email confirmation',
      lead: 'Confirming your new email address.',
    },
    profile: {
      heading: 'Profile',
      lead: 'Your balance, bonuses, history and settings in one place.',
      sections: 'Profile sections',
      account: 'Account',
      bonuses: 'Bonuses',
      history: 'History',
      support: 'Technical support',
      notifications: 'Notifications',
    },
    account: {
      heading: 'Account',
      lead: 'Balance, deposits, withdrawals and profile settings.',
    },
    bonuses: {
      heading: 'Bonuses',
      lead: 'Daily, weekly and monthly rewards for playing.',
    },
    history: {
      heading: 'History',
      lead: 'Your bets, bonuses, transactions and games.',
    },
    notifications: {
      heading: 'Notifications',
      lead: 'System, gaming, finance, advertising and security messages.',
    },
    notification: {
      heading: 'Notification',
      lead: 'The full message from the PAWS team.',
      back: 'Back to notifications',
    },
    support: {
      heading: 'Technical support',
      lead: 'Send a request and follow the answer live. The hotline is open 24/7.',
    },
    supportTicket: {
      heading: 'Support request',
      lead: 'Your conversation with our manager.',
      back: 'Back to support',
    },
    notFound: {
      heading: 'Page not found',
      lead: 'This page has wandered off. Let us take you back to the games.',
      action: 'Back to home',
    },
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every locale must have: same keys as English, any strings. */
export type Messages = DeepStrings<typeof en>;
