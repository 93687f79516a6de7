import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceBasePaths } from '@paws/contracts/runtime-config';
import type { SandboxSession } from '@paws/contracts/verification';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { serverDir } from '../../lib/server-dir.ts';
import { SANDBOX_PAGE_PREFIX } from './provider.ts';
import type { KycSandbox } from './sandbox.ts';

const ASSETS_PATH = `${SANDBOX_PAGE_PREFIX}assets/`;
const assets = {
  'sandbox.js': 'text/javascript; charset=utf-8',
  'sandbox.css': 'text/css; charset=utf-8',
} as const;
const assetBodies = Object.fromEntries(
  Object.keys(assets).map((name) => [
    name,
    readFileSync(join(serverDir, 'src/modules/kyc/sandbox-page', name)),
  ]),
) as Record<keyof typeof assets, Buffer>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, body: string, data: Record<string, string> = {}) {
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · PAWS sandbox</title>
<link rel="stylesheet" href="${ASSETS_PATH}sandbox.css">
<script type="module" src="${ASSETS_PATH}sandbox.js"></script>
</head>
<body${attributes}>
<main class="card">
<p class="provider">KYC sandbox</p>
${body}
</main>
</body>
</html>
`;
}

const refreshUrl = `${serviceBasePaths.identity}/auth/refresh-tokens`;

function errorPage(
  reply: FastifyReply,
  status: number,
  title: string,
  text: string,
  data: Record<string, string> = {},
) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(layout(title, `<h1>${escapeHtml(title)}</h1>\n<p class="lead">${escapeHtml(text)}</p>`, data));
}

function sessionPage(session: SandboxSession, targetOrigin: string) {
  const apiUrl = `${serviceBasePaths.platform}/kyc/sandbox/sessions/${session.sessionId}`;
  const body = `<h1>Verify your identity</h1>
<p class="lead">Upload a photo or scan of your passport, national ID card or driving licence.</p>
<form id="upload" class="upload" novalidate>
  <label for="document">Identity document</label>
  <input id="document" name="document" type="file" accept="image/jpeg,image/png,application/pdf" aria-describedby="document-hint">
  <p id="document-hint" class="hint">JPEG, PNG or PDF, up to 10 MB.</p>
  <button type="submit" class="button primary">Upload document</button>
</form>
<p id="document-status" class="status" role="status"></p>
<section id="review" class="review" aria-labelledby="review-title">
  <h2 id="review-title">Review</h2>
  <p class="hint">In the sandbox you decide what the reviewer answers.</p>
  <div class="actions">
    <button type="button" class="button approve" data-decision="APPROVE">Approve</button>
    <button type="button" class="button decline" data-decision="DECLINE">Decline</button>
  </div>
</section>
<button type="button" class="button ghost" data-decision="CANCEL">Cancel</button>
<p id="message" class="message" role="alert"></p>`;
  return layout('Verify your identity', body, {
    'session-id': session.sessionId,
    'api-url': apiUrl,
    'refresh-url': refreshUrl,
    'target-origin': targetOrigin,
    status: session.status,
    result: session.result ?? '',
    submitted: String(session.submitted),
    document: session.document?.name ?? '',
  });
}

/**
 * The sandbox provider's verification page, on the platform origin so its opener can hear it. Scripts
 * and styles are files on the same origin (the CSP allows no inline script).
 */
export async function sandboxPageRoutes(app: FastifyInstance, { sandbox }: { sandbox: KycSandbox }) {
  app.get<{ Params: { name: string } }>(
    `${ASSETS_PATH}:name`,
    { schema: { hide: true } },
    async (request, reply) => {
      const name = request.params.name as keyof typeof assets;
      if (!Object.hasOwn(assets, name)) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').type(assets[name]).send(assetBodies[name]);
    },
  );

  app.get<{ Params: { sessionId: string } }>(
    `${SANDBOX_PAGE_PREFIX}:sessionId`,
    { schema: { hide: true } },
    async (request, reply) => {
      const user = await app.resolveUser(request.headers.cookie);
      if (!user) {
        // The access token may just have expired: the page's script refreshes it once and reloads.
        return errorPage(
          reply,
          401,
          'Please sign in',
          'Sign in to PAWS in this browser, then start the verification again.',
          { 'refresh-url': refreshUrl, 'signed-out': 'true' },
        );
      }
      const notFound = () =>
        errorPage(
          reply,
          404,
          'Session not found',
          'This verification session does not exist or is not yours.',
        );
      if (!UUID.test(request.params.sessionId)) return notFound();
      let session: SandboxSession;
      try {
        session = await sandbox.session(user.id, request.params.sessionId);
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 404) return notFound();
        throw err;
      }
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(sessionPage(session, new URL(app.env.PLATFORM_URL).origin));
    },
  );
}
