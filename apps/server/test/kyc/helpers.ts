import { deriveKycSecret, KYC_SIGNATURE_HEADER } from '../../src/modules/kyc/provider.ts';
import { signBody } from '../../src/modules/wallet/signature.ts';
import type { Browser } from '../identity/helpers.ts';
import { PLATFORM_API } from '../payments/helpers.ts';

export const START = `${PLATFORM_API}/verification-sessions`;
export const WEBHOOK = `${PLATFORM_API}/kyc/webhook`;
export const sandboxApi = (sessionId: string) => `${PLATFORM_API}/kyc/sandbox/sessions/${sessionId}`;

/** Smallest files with the real magic bytes of each accepted type. */
export const files = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]),
  pdf: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
};

export function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----paws${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Starts a session; answers its id. */
export async function startSession(b: Browser) {
  const res = await b.get(START);
  if (res.statusCode !== 200) throw new Error(`start failed: ${res.statusCode} ${res.body}`);
  const { verificationUrl } = res.json() as { verificationUrl: string };
  const sessionId = new URL(verificationUrl).pathname.split('/').pop() ?? '';
  return { sessionId, verificationUrl };
}

export const uploadDocument = (
  b: Browser,
  sessionId: string,
  { field = 'document', filename = 'passport.png', contentType = 'image/png', data = files.png } = {},
) =>
  b.send({
    method: 'POST',
    url: `${sandboxApi(sessionId)}/document`,
    ...multipart(field, filename, contentType, data),
  });

export const decide = (b: Browser, sessionId: string, decision: string) =>
  b.post(`${sandboxApi(sessionId)}/decision`, { decision });

/** A webhook signed as the sandbox provider signs it (or with another key). */
export function signedWebhook(
  serverSecret: string,
  event: unknown,
  key = deriveKycSecret(serverSecret, 'sandbox'),
) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  return {
    payload,
    headers: { 'content-type': 'application/json', [KYC_SIGNATURE_HEADER]: signBody(key, payload) },
  };
}
