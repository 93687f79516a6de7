import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_MULTIPART } from '../../src/plugins/error-handler.ts';
import { inputMessages, inputProblem, MAX_INPUT_DEPTH } from '../../src/plugins/input-guard.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import { createIdentityTestApp, ID, type IdentityTestApp, LANDING } from '../identity/helpers.ts';
import { files, sandboxApi, startSession } from '../kyc/helpers.ts';
import { STAFF, signedInNewPlayer } from '../staff/helpers.ts';
import { createTicket, pngOf } from '../tickets/helpers.ts';
import { txId, walletCall } from '../wallet/helpers.ts';

/** `{"a":{"a":…}}` nested `levels` deep, as raw JSON text (JSON.stringify would itself recurse). */
const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const LONE = '\ud800';
const tooDeep = { statusCode: 400, message: inputMessages.tooDeep };
const lone = (field: string) => ({ statusCode: 400, message: inputMessages.loneSurrogate, field });
const json = { 'content-type': 'application/json' };

/** A multipart body whose boundary the header gets wrong (or leaves out). */
function badMultipart(field: string, header: string) {
  const boundary = '----pawsrealboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    files.png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': header } };
}
const multipartHeaders = {
  missing: 'multipart/form-data',
  wrong: 'multipart/form-data; boundary=----notTheOneInTheBody',
  overLong: `multipart/form-data; boundary=${'x'.repeat(300)}`,
};

describe('the input walk', () => {
  it('is iterative and bounded: a million levels answer, they do not overflow the stack', () => {
    const deep = JSON.parse(deepArray(1_000_000));
    expect(inputProblem(deep)).toEqual({ message: inputMessages.tooDeep });
    expect(inputProblem(JSON.parse(deepJson(MAX_INPUT_DEPTH)))).toBeUndefined();
    expect(inputProblem(JSON.parse(deepJson(MAX_INPUT_DEPTH + 1)))).toEqual({
      message: inputMessages.tooDeep,
    });
  });

  it('names the field of a NUL or a lone surrogate, in values and in keys; a surrogate pair is fine', () => {
    expect(inputProblem({ a: [{ b: `x${LONE}` }] })).toEqual({
      message: inputMessages.loneSurrogate,
      field: 'a.0.b',
    });
    expect(inputProblem({ a: { [`k${LONE}`]: 1 } })).toMatchObject({ message: inputMessages.loneSurrogate });
    expect(inputProblem({ a: 'x\u0000' })).toEqual({ message: inputMessages.nul, field: 'a' });
    expect(inputProblem({ a: '🐾 paws \ud83d\udc3e' })).toBeUndefined();
  });
});

describe('malformed input of any shape is a 4xx in the one error shape, never a 500', () => {
  let ctx: IdentityTestApp;
  let admin: StaffSession;
  beforeAll(async () => {
    ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
    admin = await staffSession(ctx.app, ['admin']);
  });
  afterAll(() => ctx.close());

  it('JSON nested 5,000 deep: on unauthenticated routes and on staff routes', async () => {
    for (const url of ['/api/tickets/tickets/unAuth', `${ID}/auth/refresh-tokens`, `${ID}/auth/logout`]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...json, host: 'landing.test', origin: LANDING },
        payload: deepJson(5000),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(tooDeep);
    }
    const player = await signedInNewPlayer(ctx.app);
    for (const payload of [deepJson(5000), deepArray(100_000)]) {
      const res = await admin.inject({
        method: 'POST',
        url: `${STAFF}/players/${player.userId}/notes`,
        headers: json,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(tooDeep);
    }
    // A staff route still asks who is calling first: the deep body of a stranger is a 401.
    const stranger = await ctx.app.inject({
      method: 'POST',
      url: `${STAFF}/players/${player.userId}/notes`,
      headers: { ...json, host: 'backoffice.test' },
      payload: deepJson(5000),
    });
    expect(stranger.statusCode).toBeGreaterThanOrEqual(400);
    expect(stranger.statusCode).toBeLessThan(500);
  });

  it('a lone surrogate in a staff note and in a ticket note: 400 naming the field', async () => {
    const player = await signedInNewPlayer(ctx.app);
    const note = await admin.inject({
      method: 'POST',
      url: `${STAFF}/players/${player.userId}/notes`,
      payload: { body: `VIP ${LONE}` },
    });
    expect(note.statusCode).toBe(400);
    expect(note.json()).toEqual(lone('body'));

    const ticket = await createTicket(player.b, {}, [
      { filename: 'a.png', contentType: 'image/png', data: await pngOf() },
    ]);
    const ticketNote = await admin.inject({
      method: 'POST',
      url: `${STAFF}/tickets/${ticket.id}/notes`,
      payload: { text: `handle with care ${LONE}` },
    });
    expect(ticketNote.statusCode).toBe(400);
    expect(ticketNote.json()).toEqual(lone('text'));

    const broadcast = await admin.inject({
      method: 'POST',
      url: `${STAFF}/broadcasts`,
      payload: { title: 'News', text: `Hello ${LONE}`, segment: 'ALL' },
    });
    expect(broadcast.statusCode).toBe(400);
    expect(broadcast.json()).toEqual(lone('text'));

    // In the query string and in the path, too (percent-encoded UTF-8 cannot carry one: JSON can).
    const search = await admin.inject({
      url: `${STAFF}/players?search=${encodeURIComponent('\ud83d\udc3e')}`,
    });
    expect(search.statusCode).toBeLessThan(500);
  });

  it('a bonus rule renamed to its own name is a 200 with the rule unchanged', async () => {
    const list = await admin.inject({ url: `${STAFF}/bonuses/rules` });
    expect(list.statusCode).toBe(200);
    const [rule] = list.json().items as { id: string; name: string }[];
    if (!rule) throw new Error('no bonus rule seeded');
    const renamed = await admin.inject({
      method: 'PATCH',
      url: `${STAFF}/bonuses/rules/${rule.id}`,
      payload: { name: rule.name },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual(rule);
    const empty = await admin.inject({
      method: 'PATCH',
      url: `${STAFF}/bonuses/rules/${rule.id}`,
      payload: {},
    });
    expect(empty.statusCode).toBeLessThan(500);
  });

  it('multipart with a missing, wrong or over-long boundary: news media and the KYC document', async () => {
    for (const header of Object.values(multipartHeaders)) {
      const media = await admin.inject({
        method: 'POST',
        url: `${STAFF}/news/media`,
        ...badMultipart('file', header),
      });
      expect(media.statusCode, header).toBe(400);
      expect(media.json(), header).toEqual({ statusCode: 400, message: MALFORMED_MULTIPART });
    }
    const player = await signedInNewPlayer(ctx.app);
    const { sessionId } = await startSession(player.b);
    for (const header of Object.values(multipartHeaders)) {
      const document = await player.b.send({
        method: 'POST',
        url: `${sandboxApi(sessionId)}/document`,
        ...badMultipart('document', header),
      });
      expect(document.statusCode, header).toBe(400);
      expect(document.json(), header).toEqual({ statusCode: 400, message: MALFORMED_MULTIPART });
    }
  });

  it('a NUL in the wallet provider path is refused before the signature check looks the provider up', async () => {
    const body = {
      transactionId: txId(),
      roundId: 'round',
      sessionToken: 'token',
      userId: randomUUID(),
      currency: 'USD',
      amount: 1,
      gameCode: 'wild-paws',
    };
    // %ED%A0%80 is the UTF-8 form of U+D800: not valid UTF-8, so it never decodes to a lone surrogate.
    for (const provider of ['PAWS%00', '%00', 'PAWS%ED%A0%80', 'PAWS%']) {
      const res = await walletCall(ctx, 'bet', body, { provider });
      expect(res.statusCode, provider).toBe(400);
      expect(res.json(), provider).toMatchObject({ statusCode: 400 });
    }
  });

  it('a malformed percent-encoding in any path answers 400 in the one error shape', async () => {
    for (const url of ['/api/news/news/%', '/api/platform/catalog/%E0%A4%A', '/%']) {
      const res = await ctx.app.inject({ url, headers: { host: 'platform.test' } });
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json()).sort(), url).toEqual(['message', 'statusCode']);
    }
  });
});
