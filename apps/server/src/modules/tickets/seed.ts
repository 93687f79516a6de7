import type { Db } from '../../db/client.ts';
import { ticketCannedResponses } from './schema.ts';

/** Fixed ids: seeding twice (or from two processes at once) inserts nothing twice. */
const canned = [
  {
    id: '0195f0e2-0000-7000-8000-00000000c001',
    title: 'Greeting',
    text: 'Hello, and thank you for writing to us! I am looking into your request now.',
  },
  {
    id: '0195f0e2-0000-7000-8000-00000000c002',
    title: 'Withdrawal times',
    text: 'Withdrawals are reviewed within 24 hours; once approved, the money usually arrives within 1 to 3 business days depending on your bank.',
  },
  {
    id: '0195f0e2-0000-7000-8000-00000000c003',
    title: 'Verification needed',
    text: 'To keep your account safe we need to verify your identity first. You can start it from your profile (Verification); it takes a few minutes.',
  },
  {
    id: '0195f0e2-0000-7000-8000-00000000c004',
    title: 'Solved?',
    text: 'I believe this is solved now. Could you check and confirm with the Accept button? If anything is still wrong, return it for revision and tell me what you see.',
  },
];

/**
 * Demo data: a few canned responses for the desk. No demo ticket: the queue and the demo player's support
 * page start empty, so what a journey or a reviewer sees there is what they did.
 */
export async function seedTickets(db: Db) {
  await db.insert(ticketCannedResponses).values(canned).onConflictDoNothing();
}
