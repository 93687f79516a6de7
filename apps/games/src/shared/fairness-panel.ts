import { firstIssue } from './api.ts';
import { h, mount } from './dom.ts';
import type { GameContext } from './game-context.ts';
import { tr } from './i18n.ts';
import { readRevealed, revealedKey } from './revealed.ts';
import { loadSchemas } from './schemas.ts';
import { openDialog, toast } from './ui.ts';
import { verifyHref } from './verify-link.ts';

/** The provably fair dialog: the seeds in use, client seed change, rotation, the last revealed pair. */
export function openFairness(ctx: GameContext) {
  ctx.sound.click();
  const dialog = openDialog(tr('Provably fair'));
  const paint = () =>
    mount(dialog.body, ctx.fairnessOverride ? ctx.fairnessOverride() : fairnessBody(ctx, paint));
  paint();
}

function seedRow(label: string, value: string, mono = true) {
  return h(
    'div',
    { class: 'seed' },
    h('span', { class: 'seed__label' }, label),
    h('code', { class: mono ? 'seed__value' : '' }, value),
  );
}

function fairnessBody(ctx: GameContext, repaint: () => void): Node {
  const f = ctx.fairness;
  const revealed = readRevealed(ctx.meta.code);
  const intro = h(
    'p',
    { class: 'muted' },
    tr(
      'Every round is drawn from HMAC-SHA256(server seed, client seed:nonce). You see the server seed’s SHA-256 before you play; rotating the seed reveals it so you can check every round played with it.',
    ),
  );
  if (!f || !ctx.online) {
    return h(
      'div',
      null,
      intro,
      h('p', null, tr('Open the game from the lobby to see your seeds.')),
      verifyLink(),
    );
  }
  const input = h('input', {
    class: 'field__input',
    value: f.clientSeed,
    maxlength: 64,
    'aria-label': tr('Client seed'),
    spellcheck: 'false',
    autocomplete: 'off',
  });
  const error = h('p', { class: 'field__error', role: 'alert' });
  const rotate = async (withSeed: boolean) => {
    const { studioRotateRequestSchema } = await loadSchemas();
    const body = withSeed ? { clientSeed: input.value } : {};
    const check = studioRotateRequestSchema.safeParse(body);
    if (!check.success) {
      error.textContent = tr(firstIssue(check.error));
      return;
    }
    try {
      const res = await ctx.api.request(
        'POST',
        '/fairness/rotate',
        body,
        (schemas) => schemas.studioRotateResponseSchema,
      );
      ctx.fairness = res.next;
      localStorage.setItem(revealedKey(ctx.meta.code), JSON.stringify(res.revealed));
      ctx.sound.pop();
      toast(tr('New seed pair in use. The old server seed is revealed below.'), 'info');
      repaint();
    } catch (e) {
      error.textContent = e instanceof Error ? tr(e.message) : tr('Could not rotate');
    }
  };
  return h(
    'div',
    { class: 'fair' },
    intro,
    seedRow(tr('Server seed (SHA-256)'), f.serverSeedHash),
    h(
      'label',
      { class: 'field' },
      h('span', { class: 'seed__label' }, tr('Client seed')),
      h(
        'div',
        { class: 'field__row' },
        input,
        h('button', { class: 'btn btn--ghost', type: 'button', onclick: () => rotate(true) }, tr('Change')),
      ),
    ),
    error,
    seedRow(tr('Next nonce'), String(f.nonce), false),
    h(
      'button',
      { class: 'btn btn--primary btn--block', type: 'button', onclick: () => rotate(false) },
      tr('Rotate server seed'),
    ),
    revealed
      ? h(
          'div',
          { class: 'fair__revealed' },
          h('h3', null, tr('Last revealed seed pair')),
          seedRow(tr('Server seed'), revealed.serverSeed),
          seedRow(tr('Its SHA-256'), revealed.serverSeedHash),
          seedRow(tr('Client seed'), revealed.clientSeed, false),
          seedRow(
            tr('Rounds played'),
            revealed.lastNonce === null ? tr('none') : tr('nonces 0–{last}', { last: revealed.lastNonce }),
            false,
          ),
          h(
            'a',
            {
              class: 'btn btn--ghost btn--block',
              href: verifyHref({
                game: ctx.meta.code,
                serverSeed: revealed.serverSeed,
                clientSeed: revealed.clientSeed,
                nonce: revealed.lastNonce ?? 0,
              }),
              target: '_blank',
              rel: 'noopener',
            },
            tr('Verify a round'),
          ),
        )
      : null,
    verifyLink(),
  );
}

const verifyLink = () =>
  h(
    'p',
    { class: 'muted small' },
    tr('Check any round yourself on the '),
    h('a', { href: './verify.html', target: '_blank', rel: 'noopener' }, tr('verify page')),
    tr('.'),
  );
