CREATE TABLE "answer_options" (
	"answer_id" bigint NOT NULL,
	"option_id" integer NOT NULL,
	"value" smallint,
	"other_text" text,
	CONSTRAINT "answer_options_answer_id_option_id_pk" PRIMARY KEY("answer_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "answer_photos" (
	"answer_id" bigint NOT NULL,
	"file_id" uuid NOT NULL,
	"order" smallint NOT NULL,
	CONSTRAINT "answer_photos_answer_id_file_id_pk" PRIMARY KEY("answer_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"check_in_survey_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"text_value" text,
	"int_value" bigint,
	"decimal_value" numeric(18, 4),
	"date_value" date,
	"is_na" boolean DEFAULT false NOT NULL,
	"points" numeric(12, 2) DEFAULT 0 NOT NULL,
	"survey_points" numeric(12, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "answers_check_in_survey_id_question_id_key" UNIQUE("check_in_survey_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "check_in_photos" (
	"check_in_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"order" smallint NOT NULL,
	CONSTRAINT "check_in_photos_check_in_id_file_id_pk" PRIMARY KEY("check_in_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "check_in_survey_segments" (
	"check_in_survey_id" integer NOT NULL,
	"segment_id" integer NOT NULL,
	"answer_points" numeric(12, 2) DEFAULT 0 NOT NULL,
	"survey_points" numeric(12, 2) DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	CONSTRAINT "check_in_survey_segments_check_in_survey_id_segment_id_pk" PRIMARY KEY("check_in_survey_id","segment_id")
);
--> statement-breakpoint
CREATE TABLE "check_in_surveys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "check_in_surveys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"check_in_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"product_id" integer,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"answer_points" numeric(12, 2) DEFAULT 0 NOT NULL,
	"survey_points" numeric(12, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "check_in_surveys_check_in_survey_product_key" UNIQUE NULLS NOT DISTINCT("check_in_id","survey_id","product_id"),
	CONSTRAINT "check_in_surveys_dates_check" CHECK ("check_in_surveys"."end_date" is null or "check_in_surveys"."end_date" >= "check_in_surveys"."start_date")
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "check_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid NOT NULL,
	"payload_hash" char(64) NOT NULL,
	"user_id" integer NOT NULL,
	"point_of_sale_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"unavailable" boolean DEFAULT false NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"check_in_latitude" numeric(9, 6),
	"check_in_longitude" numeric(9, 6),
	"check_out_latitude" numeric(9, 6),
	"check_out_longitude" numeric(9, 6),
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_uuid_key" UNIQUE("uuid"),
	CONSTRAINT "check_ins_dates_check" CHECK ("check_ins"."end_date" is null or "check_ins"."end_date" >= "check_ins"."start_date"),
	CONSTRAINT "check_ins_coordinates_check" CHECK (("check_ins"."check_in_latitude" is null or "check_ins"."check_in_latitude" between -90 and 90)
        and ("check_ins"."check_in_longitude" is null or "check_ins"."check_in_longitude" between -180 and 180)
        and ("check_ins"."check_out_latitude" is null or "check_ins"."check_out_latitude" between -90 and 90)
        and ("check_ins"."check_out_longitude" is null or "check_ins"."check_out_longitude" between -180 and 180))
);
--> statement-breakpoint
ALTER TABLE "answer_options" ADD CONSTRAINT "answer_options_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_options" ADD CONSTRAINT "answer_options_option_id_multiple_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."multiple_options"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_photos" ADD CONSTRAINT "answer_photos_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_photos" ADD CONSTRAINT "answer_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_check_in_survey_id_check_in_surveys_id_fk" FOREIGN KEY ("check_in_survey_id") REFERENCES "public"."check_in_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_photos" ADD CONSTRAINT "check_in_photos_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_photos" ADD CONSTRAINT "check_in_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_survey_segments" ADD CONSTRAINT "check_in_survey_segments_check_in_survey_id_check_in_surveys_id_fk" FOREIGN KEY ("check_in_survey_id") REFERENCES "public"."check_in_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_survey_segments" ADD CONSTRAINT "check_in_survey_segments_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_surveys" ADD CONSTRAINT "check_in_surveys_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_surveys" ADD CONSTRAINT "check_in_surveys_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_surveys" ADD CONSTRAINT "check_in_surveys_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_point_of_sale_id_points_of_sale_id_fk" FOREIGN KEY ("point_of_sale_id") REFERENCES "public"."points_of_sale"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_options_option_id_idx" ON "answer_options" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "answer_photos_file_id_idx" ON "answer_photos" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "answers_question_id_idx" ON "answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "check_in_photos_file_id_idx" ON "check_in_photos" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "check_in_survey_segments_segment_id_idx" ON "check_in_survey_segments" USING btree ("segment_id");--> statement-breakpoint
CREATE INDEX "check_in_surveys_survey_id_start_date_idx" ON "check_in_surveys" USING btree ("survey_id","start_date");--> statement-breakpoint
CREATE INDEX "check_in_surveys_product_id_idx" ON "check_in_surveys" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "check_ins_start_date_id_idx" ON "check_ins" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "check_ins_user_id_start_date_id_idx" ON "check_ins" USING btree ("user_id","start_date","id");--> statement-breakpoint
CREATE INDEX "check_ins_point_of_sale_id_idx" ON "check_ins" USING btree ("point_of_sale_id");--> statement-breakpoint
CREATE INDEX "check_ins_campaign_id_idx" ON "check_ins" USING btree ("campaign_id");