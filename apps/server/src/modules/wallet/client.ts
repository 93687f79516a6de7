import {
  type CurrencyCode,
  currencyCodes,
  fromMinor,
  toMinor,
  type WalletAuthenticateRequest,
  type WalletBalanceRequest,
  type WalletBalanceResponse,
  type WalletBetRequest,
  type WalletErrorCode,
  type WalletRollbackRequest,
  type WalletTransactionResponse,
  type WalletWinRequest,
  walletAuthenticateRequestSchema,
  walletBalanceRequestSchema,
  walletBetRequestSchema,
  walletErrorCodes,
  walletRollbackRequestSchema,
  walletSignatureHeader,
  walletWinRequestSchema,
} from '@paws/contracts/wallet';
import { Pool } from 'undici';
import type { z } from 'zod';
import { WalletError } from './errors.ts';
import { amountToMinor, presentGameResult } from './routes.ts';
import type { BetInput, RoundPostingInput, RoundPostingResult, WalletService } from './service.ts';
import { signBody, verifyBody } from './signature.ts';

/**
 * The seamless-wallet contract as a provider sees it, decimal amounts included. Refusals throw WalletError
 * (its `balance` in minor units). Both implementations behave the same; the studio uses either.
 */
export interface WalletClient {
  authenticate(request: WalletAuthenticateRequest): Promise<WalletBalanceResponse>;
  balance(request: WalletBalanceRequest): Promise<WalletBalanceResponse>;
  bet(request: WalletBetRequest): Promise<WalletTransactionResponse>;
  win(request: WalletWinRequest): Promise<WalletTransactionResponse>;
  rollback(request: WalletRollbackRequest): Promise<WalletTransactionResponse>;
  /**
   * In process only (absent over HTTP, where the provider's writes cannot join the wallet's): a bet, the
   * provider's own writes and the round's known win, committed together. Amounts in minor units.
   */
  playRound?(input: ClientRoundInput): Promise<RoundPostingResult>;
  /** Closes kept-alive connections. */
  close?(): Promise<void>;
}

export type ClientRoundInput = Omit<RoundPostingInput, 'bet'> & { bet: Omit<BetInput, 'providerCode'> };

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new WalletError('VALIDATION_ERROR', {
      message: issue?.message ?? 'Invalid request',
      ...(issue?.path.length ? { field: issue.path.join('.') } : {}),
    });
  }
  return result.data;
}

/** Same contract, no HTTP and no signature: the provider runs in this process. */
export function createInProcessWalletClient(wallet: WalletService, providerCode: string): WalletClient {
  return {
    async authenticate(request) {
      const body = parse(walletAuthenticateRequestSchema, request);
      const r = await wallet.authenticate({ providerCode, sessionToken: body.sessionToken });
      return { userId: r.userId, currency: r.currency, balance: fromMinor(r.balance, r.currency) };
    },
    async balance(request) {
      const body = parse(walletBalanceRequestSchema, request);
      const r = await wallet.balance({ providerCode, ...body });
      return { userId: r.userId, currency: r.currency, balance: fromMinor(r.balance, r.currency) };
    },
    async bet(request) {
      const body = parse(walletBetRequestSchema, request);
      return presentGameResult(
        await wallet.bet({ ...body, providerCode, amount: amountToMinor(body.amount, body.currency) }),
      );
    },
    async win(request) {
      const body = parse(walletWinRequestSchema, request);
      return presentGameResult(
        await wallet.win({ ...body, providerCode, amount: amountToMinor(body.amount, body.currency) }),
      );
    },
    async rollback(request) {
      const body = parse(walletRollbackRequestSchema, request);
      return presentGameResult(await wallet.rollback({ ...body, providerCode }));
    },
    playRound: (input) => wallet.playRound({ ...input, bet: { ...input.bet, providerCode } }),
  };
}

export interface HttpWalletClientOptions {
  /** Origin of the operator, e.g. http://127.0.0.1:3001. */
  baseUrl: string;
  providerCode: string;
  secret: string;
  timeoutMs?: number;
  /** Keep-alive connections per client. */
  maxSockets?: number;
  /** Requests in flight per connection (HTTP/1.1 pipelining); 1 waits for each answer before the next call. */
  pipelining?: number;
}

/** Signs each call with the provider's secret and checks the signature of each answer. */
export function createHttpWalletClient(options: HttpWalletClientOptions): WalletClient {
  const base = new URL(options.baseUrl);
  const prefix = `${base.pathname.replace(/\/+$/, '')}/api/wallet/${encodeURIComponent(options.providerCode)}/`;
  // undici rather than node:http: a server-to-server client on the bet path, at about half the CPU per call.
  const pool = new Pool(base.origin, {
    connections: options.maxSockets ?? 64,
    pipelining: options.pipelining ?? 1,
  });
  const timeoutMs = options.timeoutMs ?? 10_000;

  // dispatch with a plain handler rather than request(): no response stream per call, the answer is a few
  // hundred bytes collected in one or two chunks. This is most of the provider's own CPU per bet.
  function post(path: string, body: unknown) {
    const payload = JSON.stringify(body);
    return new Promise<{ status: number; text: string; signature: string | undefined }>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let status = 0;
      let signature: string | undefined;
      pool.dispatch(
        {
          path: `${prefix}${path}`,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [walletSignatureHeader]: signBody(options.secret, payload),
          },
          body: payload,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        },
        {
          onConnect() {},
          onHeaders(statusCode, rawHeaders) {
            status = statusCode;
            for (let i = 0; i < rawHeaders.length; i += 2) {
              if (String(rawHeaders[i]).toLowerCase() === walletSignatureHeader) {
                signature = String(rawHeaders[i + 1]);
              }
            }
            return true;
          },
          onData(chunk) {
            chunks.push(chunk);
            return true;
          },
          onComplete() {
            const text =
              chunks.length === 1 ? (chunks[0] as Buffer).toString() : Buffer.concat(chunks).toString();
            resolve({ status, text, signature });
          },
          onError(error) {
            reject(error);
          },
        },
      );
    });
  }

  async function call<T>(path: string, body: unknown): Promise<T> {
    const res = await post(path, body);
    if (res.status === 200) {
      if (!verifyBody(options.secret, res.text, res.signature))
        throw new Error('Wallet answer has an invalid signature');
      return JSON.parse(res.text) as T;
    }
    let error: { code?: string; message?: string; balance?: number; currency?: string; field?: string } = {};
    try {
      error = JSON.parse(res.text);
    } catch {
      // Not JSON: reported below as an internal error.
    }
    const code = (walletErrorCodes as readonly string[]).includes(error.code ?? '')
      ? (error.code as WalletErrorCode)
      : 'INTERNAL_ERROR';
    const currency = currencyCodes.find((c) => c === error.currency) as CurrencyCode | undefined;
    const balance =
      typeof error.balance === 'number' && currency
        ? (toMinor(error.balance, currency) ?? undefined)
        : undefined;
    throw new WalletError(code, {
      message: error.message ?? `Wallet answered ${res.status}`,
      ...(error.field ? { field: error.field } : {}),
      ...(balance !== undefined && currency ? { balance, currency } : {}),
    });
  }

  return {
    authenticate: (request) => call('authenticate', request),
    balance: (request) => call('balance', request),
    bet: (request) => call('bet', request),
    win: (request) => call('win', request),
    rollback: (request) => call('rollback', request),
    close: () => pool.close(),
  };
}
