CREATE TABLE "recurring_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"salon_id" uuid NOT NULL,
	"member_id" uuid,
	"weekdays" smallint[] NOT NULL,
	"starts_minute" smallint NOT NULL,
	"ends_minute" smallint NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_blocks_weekdays" CHECK (cardinality("recurring_blocks"."weekdays") between 1 and 7 and "recurring_blocks"."weekdays" <@ '{0,1,2,3,4,5,6}'::smallint[]),
	CONSTRAINT "recurring_blocks_range" CHECK ("recurring_blocks"."starts_minute" >= 0 and "recurring_blocks"."ends_minute" > "recurring_blocks"."starts_minute" and "recurring_blocks"."ends_minute" <= 1440),
	CONSTRAINT "recurring_blocks_days" CHECK ("recurring_blocks"."last_day" is null or "recurring_blocks"."last_day" >= "recurring_blocks"."first_day")
);
--> statement-breakpoint
ALTER TABLE "recurring_blocks" ADD CONSTRAINT "recurring_blocks_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_blocks" ADD CONSTRAINT "recurring_blocks_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_blocks_salon" ON "recurring_blocks" USING btree ("salon_id");