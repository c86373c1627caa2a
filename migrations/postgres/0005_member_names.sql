CREATE TABLE "member_names" (
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "member_names_guild_id_user_id_pk" PRIMARY KEY("guild_id","user_id")
);
