// Every module's tables, for drizzle-kit and the relational query API. Modules own their schema files.

export * from '../core/events/schema.ts';
export * from '../modules/audit/schema.ts';
export * from '../modules/bonuses/schema.ts';
export * from '../modules/catalog/schema.ts';
export * from '../modules/identity/factor-removal-schema.ts';
export * from '../modules/identity/passkeys-schema.ts';
export * from '../modules/identity/schema.ts';
export * from '../modules/kyc/schema.ts';
export * from '../modules/messaging/schema.ts';
export * from '../modules/news/schema.ts';
export * from '../modules/notifications/schema.ts';
export * from '../modules/payments/schema.ts';
export * from '../modules/preferences/schema.ts';
export * from '../modules/reconciliation/schema.ts';
export * from '../modules/reports/schema.ts';
export * from '../modules/responsible-gaming/schema.ts';
export * from '../modules/staff/schema.ts';
export * from '../modules/studio/schema.ts';
export * from '../modules/tickets/schema.ts';
export * from '../modules/wallet/adjustments/schema.ts';
export * from '../modules/wallet/schema.ts';
export * from './seed-schema.ts';
