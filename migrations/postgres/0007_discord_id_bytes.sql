-- Discord ids from text to bytea (src/store/schema/snowflake.ts): a snowflake below 2^63 becomes its
-- 8 big-endian bytes (int8send), any other id 0xFF followed by its UTF-8 bytes. One ALTER per table: one rewrite.
CREATE FUNCTION pg_temp.discord_id_bytes(id text) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE
    WHEN id !~ '^[1-9][0-9]{0,18}$' THEN '\xff'::bytea || convert_to(id, 'UTF8')
    WHEN id::numeric >= 9223372036854775808 THEN '\xff'::bytea || convert_to(id, 'UTF8')
    ELSE int8send(id::bigint)
  END
$$;--> statement-breakpoint
-- rolls_user_channel_idx becomes a hash of the pair and the id (src/store/schema/roll-pair-hash.ts); dropped
-- first so the column change does not rebuild it for nothing.
DROP INDEX "rolls_user_channel_idx";--> statement-breakpoint
ALTER TABLE "active_characters"
  ALTER COLUMN "channel_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("channel_id"),
  ALTER COLUMN "user_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("user_id");--> statement-breakpoint
ALTER TABLE "channel_gms"
  ALTER COLUMN "channel_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("channel_id"),
  ALTER COLUMN "guild_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("guild_id"),
  ALTER COLUMN "user_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("user_id"),
  ALTER COLUMN "assigned_by" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("assigned_by");--> statement-breakpoint
ALTER TABLE "channel_settings"
  ALTER COLUMN "channel_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("channel_id"),
  ALTER COLUMN "guild_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("guild_id"),
  ALTER COLUMN "set_by" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("set_by");--> statement-breakpoint
ALTER TABLE "channel_systems"
  ALTER COLUMN "channel_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("channel_id"),
  ALTER COLUMN "guild_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("guild_id"),
  ALTER COLUMN "set_by" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("set_by");--> statement-breakpoint
ALTER TABLE "characters"
  ALTER COLUMN "guild_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("guild_id"),
  ALTER COLUMN "owner_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("owner_id"),
  ALTER COLUMN "npc_channel_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("npc_channel_id");--> statement-breakpoint
ALTER TABLE "combats"
  ALTER COLUMN "guild_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("guild_id"),
  ALTER COLUMN "channel_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("channel_id"),
  ALTER COLUMN "tracker_message_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("tracker_message_id");--> statement-breakpoint
ALTER TABLE "counters"
  ALTER COLUMN "guild_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("guild_id"),
  ALTER COLUMN "channel_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("channel_id"),
  ALTER COLUMN "created_by" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("created_by");--> statement-breakpoint
ALTER TABLE "declarations"
  ALTER COLUMN "declared_by" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("declared_by");--> statement-breakpoint
ALTER TABLE "events"
  ALTER COLUMN "guild_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("guild_id"),
  ALTER COLUMN "channel_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("channel_id"),
  ALTER COLUMN "actor_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("actor_id");--> statement-breakpoint
ALTER TABLE "guild_settings"
  ALTER COLUMN "guild_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("guild_id");--> statement-breakpoint
ALTER TABLE "libraries"
  ALTER COLUMN "guild_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("guild_id"),
  ALTER COLUMN "owner_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("owner_id");--> statement-breakpoint
ALTER TABLE "member_names"
  ALTER COLUMN "guild_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("guild_id"),
  ALTER COLUMN "user_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("user_id");--> statement-breakpoint
ALTER TABLE "palettes"
  ALTER COLUMN "guild_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("guild_id"),
  ALTER COLUMN "owner_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("owner_id");--> statement-breakpoint
ALTER TABLE "rolls"
  ALTER COLUMN "guild_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("guild_id"),
  ALTER COLUMN "channel_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("channel_id"),
  ALTER COLUMN "user_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("user_id");--> statement-breakpoint
ALTER TABLE "seal_requests"
  ALTER COLUMN "guild_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("guild_id"),
  ALTER COLUMN "channel_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("channel_id"),
  ALTER COLUMN "requester_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("requester_id"),
  ALTER COLUMN "gm_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("gm_id");--> statement-breakpoint
ALTER TABLE "secrets"
  ALTER COLUMN "guild_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("guild_id"),
  ALTER COLUMN "channel_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("channel_id"),
  ALTER COLUMN "owner_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("owner_id");--> statement-breakpoint
ALTER TABLE "user_locales"
  ALTER COLUMN "user_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("user_id");--> statement-breakpoint
ALTER TABLE "wars"
  ALTER COLUMN "guild_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("guild_id"),
  ALTER COLUMN "channel_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("channel_id"),
  ALTER COLUMN "board_message_id" SET DATA TYPE bytea USING pg_temp.discord_id_bytes("board_message_id");--> statement-breakpoint
CREATE INDEX "rolls_user_channel_idx" ON "rolls" USING btree (hashtextextended(encode("user_id" || "channel_id", 'hex'), 0),"id");
