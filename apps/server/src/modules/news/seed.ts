import type { PostCategory } from '@paws/contracts/news';
import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { newsPosts } from './schema.ts';

interface SeedPost {
  title: string;
  category: PostCategory;
  /** Days before the seed's run. */
  daysAgo: number;
  palette: [string, string];
  content: string;
}

const posts: SeedPost[] = [
  {
    title: 'Welcome to PAWS: fair games, fast payouts',
    category: 'ANNOUNCEMENT_ABOUT_US',
    daysAgo: 30,
    palette: ['#0f766e', '#134e4a'],
    content: `We built PAWS for players who like to **know** what happens behind the spin.

- Every round of our six studio games is *provably fair*: you can check the seeds yourself.
- Withdrawals are reviewed within one business day.
- Support answers around the clock, 24/7.

Thanks for being here from day one. Good luck at the tables!`,
  },
  {
    title: 'Weekend Roulette Tournament: $5,000 prize pool',
    category: 'EVENT_ANNOUNCEMENT',
    daysAgo: 2,
    palette: ['#b91c1c', '#450a0a'],
    content: `From **Friday 18:00 to Sunday 23:59 UTC** every round of European Roulette counts towards the leaderboard.

1. Play European Roulette with a stake of $1 or more.
2. Each win adds its multiplier to your score.
3. The top 50 players share the **$5,000** prize pool.

Prizes are credited on Monday morning. See you at the wheel!`,
  },
  {
    title: 'Review: Wild Paws, our five-reel slot',
    category: 'REVIEW',
    daysAgo: 5,
    palette: ['#1d4ed8', '#1e1b4b'],
    content: `Wild Paws is five reels of cats, dogs and golden paws, with free spins to win.

## What we liked
- A clean interface that works one-handed on a phone
- Each spin takes its time: no turbo, no autoplay, every result in view
- The fairness panel shows the server seed hash *before* you play

## What could be better
We would like a paytable that opens right beside the reels.

**Verdict:** 4.5 out of 5.`,
  },
  {
    title: 'Top 5 games of the month by player ratings',
    category: 'RATINGS',
    daysAgo: 7,
    palette: ['#a16207', '#422006'],
    content: `Thousands of you rated the games you played this month. Here is the top five:

| # | Game | Rating |
|---|------|--------|
| 1 | European Roulette | 4.8 |
| 2 | Blackjack | 4.7 |
| 3 | Wild Paws | 4.6 |
| 4 | Baccarat | 4.4 |
| 5 | Video Poker | 4.2 |

Rate the games you play from the game page: it takes one click.`,
  },
  {
    title: 'PAWS Podcast #12: how provably fair really works',
    category: 'PODCAST',
    daysAgo: 9,
    palette: ['#7e22ce', '#2e1065'],
    content: `In this episode our lead engineer explains, without jargon, how an HMAC of three values decides every spin, card and draw.

**In this episode**
- Why the server seed's hash is shown before you bet
- What the client seed and the nonce are for
- How to verify a round yourself in the browser

Listen on your favourite platform or right here on the news page.`,
  },
  {
    title: 'Video: Loto in two minutes',
    category: 'VIDEO_CONTENT',
    daysAgo: 11,
    palette: ['#c2410c', '#431407'],
    content: `Pick your numbers, place your stake and watch the draw.

In the video we play ten draws with a $2 stake and show how the payout grows with **each number you match**.

*Remember: set a limit before you play, and stick to it.*`,
  },
  {
    title: 'New: withdrawals to bank transfer in one business day',
    category: 'ANNOUNCEMENT_ABOUT_US',
    daysAgo: 13,
    palette: ['#047857', '#022c22'],
    content: `Good news for everyone cashing out: bank transfer withdrawals are now reviewed and sent **within one business day**.

Card withdrawals stay as fast as before. Verify your identity once in *Profile → Account* and every withdrawal after that goes straight to review.`,
  },
  {
    title: 'Daily bonus: bet 7 days in a row, collect every day',
    category: 'EVENT_ANNOUNCEMENT',
    daysAgo: 15,
    palette: ['#be185d', '#500724'],
    content: `The daily bonus is back. Place at least one bet each day, from **Day 1 to Day 7**, and a reward lands in your balance every day.

Miss a day? The streak starts again from Day 1, so set a reminder!`,
  },
  {
    title: 'Baccarat review: calm, quick and easy to learn',
    category: 'REVIEW',
    daysAgo: 18,
    palette: ['#0369a1', '#082f49'],
    content: `Baccarat is the most relaxed game in our lobby: bet on the Player, the Banker or a tie, and the cards do the rest.

The Banker bet returns **98.9%** to the player over time, the best odds at our tables. Rounds are short and the rules are dealt for you.

A great first game for new players.`,
  },
  {
    title: 'Community ratings: the friendliest support team of 2026',
    category: 'RATINGS',
    daysAgo: 21,
    palette: ['#4d7c0f', '#1a2e05'],
    content: `After every support ticket you can rate our manager's work from one to five stars.

This year the average rating is **4.9**. Thank you for every kind word, and for every idea on how we can become even better for you.`,
  },
  {
    title: 'PAWS Podcast #13: responsible play, honest talk',
    category: 'PODCAST',
    daysAgo: 24,
    palette: ['#6d28d9', '#1e1b4b'],
    content: `A conversation about limits, breaks and knowing when to stop.

- Deposit limits and how to set them
- Why we show the time you have been playing
- Where to find help if gaming stops being fun

> Play for fun, never to win back losses.`,
  },
  {
    title: 'Video: five roulette bets explained in two minutes',
    category: 'VIDEO_CONTENT',
    daysAgo: 27,
    palette: ['#991b1b', '#1c1917'],
    content: `Straight, split, street, corner and dozen: what each bet covers and what it pays.

Our dealer walks through every bet on a real table layout, with the odds on screen. Perfect before your first spin.`,
  },
  {
    title: 'Scheduled maintenance on Tuesday at 04:00 UTC',
    category: 'ANNOUNCEMENT_ABOUT_US',
    daysAgo: 1,
    palette: ['#334155', '#0f172a'],
    content: `On **Tuesday from 04:00 to 04:20 UTC** games will be paused for an upgrade.

Your balance and open rounds are safe: any round in progress is settled before the pause. Thank you for your patience.`,
  },
];

/**
 * Each category's sign on its covers, drawn in a 240×240 box: covers carry no words, so they never repeat
 * the card's title nor contradict its category chip, in any language.
 */
const glyphs: Record<PostCategory, string> = {
  // A paw print.
  ANNOUNCEMENT_ABOUT_US: `<ellipse cx="120" cy="160" rx="62" ry="52"/><circle cx="48" cy="92" r="24"/>
    <circle cx="92" cy="52" r="26"/><circle cx="148" cy="52" r="26"/><circle cx="192" cy="92" r="24"/>`,
  // A star.
  EVENT_ANNOUNCEMENT: `<polygon points="120,10 152,84 232,88 170,140 190,220 120,176 50,220 70,140 8,88 88,84"/>`,
  // A magnifying glass.
  REVIEW: `<circle cx="100" cy="100" r="70" fill="none" stroke="#ffffff" stroke-width="26"/>
    <rect x="150" y="140" width="34" height="100" rx="14" transform="rotate(-45 167 190)"/>`,
  // Rising bars.
  RATINGS: `<rect x="20" y="140" width="52" height="90" rx="8"/><rect x="94" y="80" width="52" height="150" rx="8"/>
    <rect x="168" y="20" width="52" height="210" rx="8"/>`,
  // A microphone.
  PODCAST: `<rect x="82" y="10" width="76" height="130" rx="38"/>
    <path d="M50 110 a70 70 0 0 0 140 0" fill="none" stroke="#ffffff" stroke-width="18"/>
    <rect x="111" y="176" width="18" height="44"/><rect x="70" y="214" width="100" height="18" rx="9"/>`,
  // A play button.
  VIDEO_CONTENT: `<circle cx="120" cy="120" r="110" fill="none" stroke="#ffffff" stroke-width="18"/>
    <polygon points="92,68 92,172 182,120"/>`,
};

/** A 1200×675 cover: the post's colours, soft shapes and its category's sign, as a JPEG. */
async function cover(post: SeedPost, index: number): Promise<Buffer> {
  const [from, to] = post.palette;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1200" height="675" fill="url(#g)"/>
  <circle cx="${950 - index * 17}" cy="${160 + index * 9}" r="260" fill="#ffffff" opacity="0.08"/>
  <circle cx="${180 + index * 13}" cy="560" r="180" fill="#ffffff" opacity="0.06"/>
  <g transform="translate(450 187)" fill="#ffffff" opacity="0.85">${glyphs[post.category]}</g>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

/** Fixed keys (uuid-shaped, as the editor's uploads are), so a re-run rewrites the same files. */
const keyOf = (index: number) => `news/00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}.jpg`;

/**
 * A dozen real-looking posts across the six categories with generated cover images, once: when the table is
 * empty, under an advisory lock so that processes starting together seed it once.
 */
export async function seedNews(
  db: Db,
  storage: { put(key: string, data: Buffer): Promise<void> },
  log: FastifyBaseLogger,
  at: Date = new Date(),
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7281016)`);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(newsPosts);
    if (total > 0) return;
    const covers = await Promise.all(posts.map((post, i) => cover(post, i)));
    for (const [i, data] of covers.entries()) await storage.put(keyOf(i), data);
    // Oldest first, so ids grow with the publication date as they would on a live site.
    const ordered = posts.map((post, i) => ({ post, i })).sort((a, b) => b.post.daysAgo - a.post.daysAgo);
    for (const { post, i } of ordered) {
      const publicationDate = new Date(at.getTime() - post.daysAgo * 86_400_000);
      await tx.insert(newsPosts).values({
        title: post.title,
        content: post.content,
        category: post.category,
        mediaKey: keyOf(i),
        mediaType: 'IMAGE',
        publicationDate,
        createdAt: publicationDate,
        updatedAt: publicationDate,
        createdByName: 'PAWS team',
        updatedByName: 'PAWS team',
        views: 40 + ((i * 137) % 900),
      });
    }
    log.debug({ posts: posts.length }, 'seeded news');
  });
}

export const seedPostCount = posts.length;
