import { h, mount } from './dom.ts';
import type { GameContext } from './game-context.ts';
import { locale, tr } from './i18n.ts';
import { formatCents } from './money.ts';
import { openDialog } from './ui.ts';
import { roundSummary, verifyHref } from './verify-link.ts';

/** The player's last rounds of this game, each with its verify link once its seed is revealed. */
export async function openHistory(ctx: GameContext) {
  ctx.sound.click();
  const dialog = openDialog(tr('Your rounds'), h('div', { class: 'spinner' }));
  if (!ctx.online) {
    mount(dialog.body, h('p', { class: 'muted' }, tr('Open the game from the lobby to see your rounds.')));
    return;
  }
  try {
    const { rounds } = await ctx.api.request(
      'GET',
      `/rounds?game=${encodeURIComponent(ctx.meta.code)}&limit=30`,
      undefined,
      (schemas) => schemas.studioRoundsResponseSchema,
    );
    if (rounds.length === 0) {
      mount(dialog.body, h('p', { class: 'muted' }, tr('No rounds yet. Good luck!')));
      return;
    }
    const currency = ctx.wallet.currency;
    mount(
      dialog.body,
      h(
        'ul',
        { class: 'history' },
        rounds.map((r) =>
          h(
            'li',
            { class: `history__item${r.payout > r.stake ? ' history__item--win' : ''}` },
            h(
              'div',
              { class: 'history__main' },
              h('strong', null, roundSummary(r)),
              h(
                'span',
                { class: 'muted small' },
                `${new Date(r.createdAt).toLocaleString(locale())} · ${tr('nonce {nonce}', { nonce: r.nonce })}`,
              ),
            ),
            h(
              'div',
              { class: 'history__money' },
              h(
                'span',
                { class: 'muted small' },
                tr('Bet {amount}', { amount: formatCents(r.stake, currency) }),
              ),
              h(
                'strong',
                { class: r.payout > 0 ? 'win' : '' },
                r.finished ? formatCents(r.payout, currency) : tr('in play'),
              ),
              r.serverSeed
                ? h(
                    'a',
                    { class: 'small', href: verifyHref(r), target: '_blank', rel: 'noopener' },
                    tr('Verify'),
                  )
                : h(
                    'span',
                    { class: 'muted small', title: tr('Rotate the seed to reveal it') },
                    tr('seed hidden'),
                  ),
            ),
          ),
        ),
      ),
    );
  } catch (error) {
    mount(
      dialog.body,
      h('p', { class: 'muted' }, error instanceof Error ? tr(error.message) : tr('Could not load rounds')),
    );
  }
}
