import { h, mount } from './dom.ts';
import type { GameContext } from './game-context.ts';
import { tr, trGame } from './i18n.ts';
import { openDialog } from './ui.ts';

/** The rules & paytable dialog, from the studio's game info. */
export async function openRules(ctx: GameContext) {
  ctx.sound.click();
  const dialog = openDialog(
    tr('{game} — rules & paytable', { game: ctx.meta.title }),
    h('div', { class: 'spinner' }),
  );
  try {
    const info = await ctx.api.request(
      'GET',
      `/games/${ctx.meta.code}/info`,
      undefined,
      (schemas) => schemas.studioGameInfoResponseSchema,
      false,
    );
    mount(
      dialog.body,
      h(
        'p',
        { class: 'rtp' },
        h('span', { class: 'rtp__badge' }, `RTP ${info.rtp.toFixed(2)}%`),
        ' ',
        trGame(ctx.meta.code, info.rtpNote),
      ),
      h('h3', null, tr('Rules')),
      h(
        'ul',
        { class: 'rules' },
        info.rules.map((r) => h('li', null, trGame(ctx.meta.code, r))),
      ),
      info.paytable.map((t) =>
        h(
          'div',
          { class: 'paytable' },
          h('h3', null, trGame(ctx.meta.code, t.title)),
          h(
            'div',
            { class: 'paytable__scroll' },
            h(
              'table',
              null,
              h(
                'thead',
                null,
                h(
                  'tr',
                  null,
                  t.columns.map((c) => h('th', null, trGame(ctx.meta.code, c))),
                ),
              ),
              h(
                'tbody',
                null,
                t.rows.map((row) =>
                  h(
                    'tr',
                    null,
                    row.map((c) => h('td', null, trGame(ctx.meta.code, c))),
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
    );
  } catch (error) {
    mount(
      dialog.body,
      h(
        'p',
        { class: 'muted' },
        error instanceof Error ? tr(error.message) : tr('Could not load the rules.'),
      ),
    );
  }
}
