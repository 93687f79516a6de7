import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPickerDate } from '@/components/ui/date-range-picker';
import { mockApi, type RecordedCall } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedIn = { 'POST /auth/refresh-tokens': { status: 201 } };

const bet = (n: number) => ({
  id: `b${n}`,
  amount: n,
  createdAt: '2026-11-20T12:00:00.000Z',
  providerName: `Provider ${n}`,
});

/** Ten bets per page; page 1 says there is more, page 2 is the last. */
const betsPages = ({ query }: RecordedCall) => {
  const page = Number(query.get('page'));
  const from = (page - 1) * 10 + 1;
  return {
    status: 200,
    body: {
      transactions: Array.from({ length: 10 }, (_, index) => bet(from + index)),
      count: 20,
      fullAmount: 210,
      hasMore: page === 1,
    },
  };
};

function setScroll(
  element: HTMLElement,
  { top, height, client }: { top: number; height: number; client: number },
) {
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: client });
  element.scrollTop = top;
  fireEvent.scroll(element);
}

describe('/profile/history', () => {
  it('renders bet rows and asks for page 2 only when scrolled within 100 px of the bottom', async () => {
    const api = mockApi({ ...signedIn, 'GET /profile/bets-transactions': betsPages });
    await renderRoute('/profile/history');

    expect(await screen.findByText('Provider 10')).toBeInTheDocument();
    expect(screen.getByText('Total: $210')).toBeInTheDocument();
    const first = api.callsTo('GET', '/profile/bets-transactions')[0];
    expect(first?.query.get('page')).toBe('1');
    expect(first?.query.get('limit')).toBe('10');

    const list = screen.getByRole('list', { name: 'Bets' });
    setScroll(list, { top: 100, height: 1000, client: 400 });
    expect(api.callsTo('GET', '/profile/bets-transactions')).toHaveLength(1);

    setScroll(list, { top: 520, height: 1000, client: 400 });
    expect(await screen.findByText('Provider 20')).toBeInTheDocument();
    const calls = api.callsTo('GET', '/profile/bets-transactions');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.query.get('page')).toBe('2');

    // The last page said hasMore: false, so the bottom asks for nothing more.
    setScroll(list, { top: 1600, height: 2000, client: 400 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('GET', '/profile/bets-transactions')).toHaveLength(2);
  });

  it("shows each bet's result and win, a return under the stake never as a win, with a link to verify the round", async () => {
    const round = (id: string, extra: object) => ({
      id,
      amount: 2,
      currencyCode: 'USD',
      gameCode: 'baccarat',
      gameName: 'Baccarat',
      createdAt: '2026-11-20T12:00:00.000Z',
      providerName: 'PAWS Studio',
      roundId: `r-${id}`,
      winCurrencyCode: 'USD',
      verifyUrl: `/studio/verify.html?game=baccarat&nonce=${id}`,
      ...extra,
    });
    mockApi({
      ...signedIn,
      'GET /profile/bets-transactions': {
        status: 200,
        body: {
          transactions: [
            round('1', { result: 'WIN', win: 3.9 }),
            round('2', { result: 'RETURN', win: 0.4 }),
            round('3', { result: 'LOSS', win: 0 }),
            round('4', { result: 'PENDING', win: 0, verifyUrl: null }),
          ],
          count: 4,
          fullAmount: 8,
          hasMore: false,
        },
      },
    });
    await renderRoute('/profile/history');
    const list = await screen.findByRole('list', { name: 'Bets' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByText('Won $3.9')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Returned $0.4')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByText(/Won/)).toBeNull();
    expect(within(rows[2] as HTMLElement).getByText('No win')).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText('Waiting for the result')).toBeInTheDocument();
    const links = within(list).getAllByRole('link', { name: /^Verify the round of Baccarat of / });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      [1, 2, 3].map((n) => `/studio/verify.html?game=baccarat&nonce=${n}`),
    );
  });

  it('sends the date range only once it is set', async () => {
    const api = mockApi({
      ...signedIn,
      'GET /profile/balance-transactions': {
        status: 200,
        body: {
          balanceTransactions: [
            {
              id: 'tx1',
              amount: 25,
              currencyCode: 'USD',
              paymentMethod: 'CARD',
              type: 'DEPOSIT',
              createdAt: '2026-11-20T12:00:00.000Z',
              status: 'COMPLETED',
              reason: null,
            },
          ],
          count: 1,
          hasMore: false,
        },
      },
    });
    const user = userEvent.setup();
    await renderRoute('/profile/history');
    await user.click(await screen.findByRole('tab', { name: 'Transactions' }));
    expect(await screen.findByText('Deposit')).toBeInTheDocument();
    expect(screen.getByText(/Card · Completed/)).toBeInTheDocument();
    expect(screen.getByText('+$25', { exact: false, selector: 'span' })).toBeInTheDocument();
    const first = api.callsTo('GET', '/profile/balance-transactions')[0];
    expect(first?.query.has('dateFrom')).toBe(false);
    expect(first?.query.has('dateTo')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Filter Transactions by date: All dates' }));
    const today = new Date();
    const start = new Date(today.getFullYear(), today.getMonth(), 3);
    const end = new Date(today.getFullYear(), today.getMonth(), 5);
    await user.click(screen.getByRole('button', { name: formatPickerDate(start) }));
    await user.click(screen.getByRole('button', { name: formatPickerDate(end) }));
    await user.click(screen.getByRole('button', { name: 'Apply range' }));

    await waitFor(() => expect(api.callsTo('GET', '/profile/balance-transactions')).toHaveLength(2));
    const filtered = api.callsTo('GET', '/profile/balance-transactions')[1];
    expect(filtered?.query.get('dateFrom')).toBe(start.toISOString());
    expect(filtered?.query.get('dateTo')).toBe(
      new Date(end.getFullYear(), end.getMonth(), end.getDate(), 23, 59, 59, 999).toISOString(),
    );
    expect(filtered?.query.get('page')).toBe('1');
  });

  it('signs and colours every movement, with its reason (issue 31)', async () => {
    const line = (id: string, type: string, amount: number, extra: Record<string, unknown> = {}) => ({
      id,
      amount,
      currencyCode: 'USD',
      paymentMethod: null,
      type,
      createdAt: '2026-11-20T12:00:00.000Z',
      status: 'COMPLETED',
      reason: null,
      ...extra,
    });
    mockApi({
      ...signedIn,
      'GET /profile/balance-transactions': {
        status: 200,
        body: {
          balanceTransactions: [
            line('a1', 'ADJUSTMENT', 750, { reason: 'Compensation for the outage' }),
            line('w1', 'WITHDRAW', -40, { paymentMethod: 'CARD', status: 'PENDING' }),
            line('b1', 'BET', -10, { reason: 'Live Roulette' }),
          ],
          count: 3,
          hasMore: false,
        },
      },
    });
    const user = userEvent.setup();
    await renderRoute('/profile/history');
    await user.click(await screen.findByRole('tab', { name: 'Transactions' }));
    expect(await screen.findByText('Balance adjustment')).toBeInTheDocument();
    expect(screen.getByText(/Compensation for the outage/)).toBeInTheDocument();
    const amountOf = (text: string) => screen.getByText(text, { exact: false, selector: 'span' });
    const credit = amountOf('+$750');
    expect(credit).toHaveTextContent('Money in: +$750');
    const withdrawal = amountOf('−$40');
    expect(withdrawal).toHaveTextContent('Money out: −$40');
    expect(screen.getByText(/Card · Pending/)).toBeInTheDocument();
    expect(amountOf('−$10')).toHaveTextContent('Money out: −$10');
    expect(credit.className).not.toBe(withdrawal.className);
  });

  it('shows the four lists in a grid on a wide screen, each with its empty text', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(min-width: 1024px)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    const empty = { count: 0, hasMore: false };
    const api = mockApi({
      ...signedIn,
      'GET /profile/bets-transactions': { status: 200, body: { transactions: [], fullAmount: 0, ...empty } },
      'GET /profile/balance-transactions': { status: 200, body: { balanceTransactions: [], ...empty } },
      'GET /profile/game-sessions': { status: 200, body: { gameTokens: [], ...empty } },
      'GET /user-bonuses': { status: 200, body: { userBonuses: [], ...empty } },
    });
    await renderRoute('/profile/history');

    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    for (const [list, text] of [
      ['Bets', 'No bets found'],
      ['Bonuses', 'No bonuses found'],
      ['Transactions', 'No transactions found'],
      ['Games history', 'No game history found'],
    ] as const) {
      const section = await screen.findByRole('region', { name: list });
      expect(await within(section).findByText(text)).toBeInTheDocument();
    }
    expect(api.callsTo('GET', '/user-bonuses')).toHaveLength(1);
  });

  it('shows Loading... first and game rows in the Games history tab', async () => {
    let release: () => void = () => {};
    mockApi({
      ...signedIn,
      'GET /profile/game-sessions': () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              status: 200,
              body: {
                gameTokens: [
                  {
                    token: 'g1',
                    gameCode: 'lime-roulette',
                    providerName: 'PAWS Studio',
                    createdAt: '2026-11-20T12:00:00Z',
                  },
                ],
                count: 1,
                hasMore: false,
              },
            });
        }),
    });
    const user = userEvent.setup();
    await renderRoute('/profile/history');
    await user.click(await screen.findByRole('tab', { name: 'Games history' }));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('lime-roulette')).toBeInTheDocument();
    expect(screen.getByText(/PAWS Studio/)).toBeInTheDocument();
  });

  it('names games by their catalogue name, and the scrolling lists take keyboard focus', async () => {
    mockApi({
      ...signedIn,
      'GET /profile/bets-transactions': {
        status: 200,
        body: {
          transactions: [
            { ...bet(1), gameCode: 'wild-paws', gameName: 'Wild Paws', providerName: 'PAWS Studio' },
            { ...bet(2), gameCode: 'gone-game', gameName: null, providerName: 'PAWS Studio' },
          ],
          count: 2,
          fullAmount: 3,
          hasMore: false,
        },
      },
    });
    await renderRoute('/profile/history');
    const list = await screen.findByRole('list', { name: 'Bets' });
    expect(within(list).getByText('Wild Paws')).toBeInTheDocument();
    expect(within(list).queryByText('wild-paws')).not.toBeInTheDocument();
    // A game the catalogue no longer lists keeps its code.
    expect(within(list).getByText('gone-game')).toBeInTheDocument();
    expect(list).toHaveAttribute('tabindex', '0');
  });

  it('shows bonus names in the reader’s language and each amount with its currency', async () => {
    mockApi({
      ...signedIn,
      'GET /user-bonuses': {
        status: 200,
        body: {
          userBonuses: [
            {
              id: 'u1',
              presentationRuleName: 'Weekly bonus',
              presentationRuleKey: 'weekly-bets',
              amount: 10,
              currencyCode: 'BONUS_USD',
              createdAt: '2026-11-20T12:00:00Z',
            },
            {
              id: 'u2',
              presentationRuleName: 'Onboarding reward',
              presentationRuleKey: 'onboarding-tour',
              amount: 100,
              currencyCode: 'PAWS',
              createdAt: '2026-11-19T12:00:00Z',
            },
            {
              id: 'u3',
              presentationRuleName: 'Promo code SPIN10',
              presentationRuleKey: 'promo-code',
              presentationRuleParams: { code: 'SPIN10' },
              amount: 10,
              currencyCode: 'FREE_SPINS',
              createdAt: '2026-11-18T12:00:00Z',
            },
            {
              id: 'u4',
              presentationRuleName: 'Fiesta semanal',
              presentationRuleKey: null,
              amount: 2.5,
              currencyCode: 'BONUS_USD',
              createdAt: '2026-11-17T12:00:00Z',
            },
          ],
          count: 4,
          hasMore: false,
        },
      },
    });
    const user = userEvent.setup();
    await renderRoute('/profile/history', { language: 'es' });
    await user.click(await screen.findByRole('tab', { name: 'Bonos' }));
    const list = await screen.findByRole('list', { name: 'Bonos' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows[0]).toContain('Bono semanal');
    expect(rows[0]).toContain('$10 de bono');
    expect(rows[1]).toContain('Recompensa del tour de bienvenida');
    expect(rows[1]).toContain('100 PAWS');
    expect(rows[2]).toContain('Código promocional SPIN10');
    expect(rows[2]).toContain('10 giros gratis');
    expect(rows[3]).toContain('Fiesta semanal');
    expect(rows[3]).toContain('$2.5 de bono');
  });
});
