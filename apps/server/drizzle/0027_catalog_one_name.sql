-- One name per game: the studio's seeded names become the names its game pages show. A name an operator changed stays.
UPDATE "games" SET "name" = 'European Roulette' WHERE "provider_code" = 'paws-studio' AND "game_code" = 'european-roulette' AND "name" = 'Live Roulette';--> statement-breakpoint
UPDATE "games" SET "name" = 'Video Poker' WHERE "provider_code" = 'paws-studio' AND "game_code" = 'video-poker' AND "name" = 'Jacks or Better';--> statement-breakpoint
UPDATE "games" SET "name" = 'Loto' WHERE "provider_code" = 'paws-studio' AND "game_code" = 'loto' AND "name" = 'Loto 80';
