ALTER TABLE "rolls" ALTER COLUMN "expression" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "rolls" ALTER COLUMN "result" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "rolls" ADD COLUMN "faces" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rolls" DROP COLUMN "dice";