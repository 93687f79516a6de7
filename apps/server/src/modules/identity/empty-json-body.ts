import type { FastifyInstance } from 'fastify';

/**
 * In this plugin's scope, a call with a JSON content type and no body at all is a call without a body: the
 * client posts refresh, logout and the passkey options calls with none.
 */
export function acceptEmptyJsonBody(app: FastifyInstance) {
  const jsonParser = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else jsonParser(request, text, done);
  });
}
