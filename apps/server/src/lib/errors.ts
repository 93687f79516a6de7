/**
 * An error the client is meant to see: becomes `{ statusCode, message, field? }`, plus `extra` when an
 * answer carries more (the ban of a banned account's 403).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, field?: string) => new AppError(409, message, field);
export const tooManyRequests = (message = 'Too many requests, please try again later') =>
  new AppError(429, message);
