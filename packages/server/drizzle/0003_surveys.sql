CREATE TABLE "multiple_option_hidden_questions" (
	"option_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	CONSTRAINT "multiple_option_hidden_questions_option_id_question_id_pk" PRIMARY KEY("option_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "multiple_option_hidden_segments" (
	"option_id" integer NOT NULL,
	"segment_id" integer NOT NULL,
	CONSTRAINT "multiple_option_hidden_segments_option_id_segment_id_pk" PRIMARY KEY("option_id","segment_id")
);
--> statement-breakpoint
CREATE TABLE "multiple_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "multiple_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"order" integer NOT NULL,
	"description" varchar(255) NOT NULL,
	"points" numeric(12, 2) DEFAULT 0 NOT NULL,
	"is_other" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "multiple_options_order_check" CHECK ("multiple_options"."order" >= 0),
	CONSTRAINT "multiple_options_points_check" CHECK ("multiple_options"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"segment_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"order" integer NOT NULL,
	"description" varchar(500) NOT NULL,
	"accepts_na" boolean DEFAULT false NOT NULL,
	"is_optional" boolean DEFAULT false NOT NULL,
	"has_photo" boolean DEFAULT false NOT NULL,
	"has_other" boolean DEFAULT false NOT NULL,
	"multiple_options_count" smallint,
	"points" numeric(12, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_type_check" CHECK ("questions"."type" between 0 and 12),
	CONSTRAINT "questions_order_check" CHECK ("questions"."order" >= 0),
	CONSTRAINT "questions_points_check" CHECK ("questions"."points" >= 0),
	CONSTRAINT "questions_multiple_options_count_check" CHECK ("questions"."multiple_options_count" is null or "questions"."multiple_options_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "segments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"survey_id" integer NOT NULL,
	"parent_id" integer,
	"name" varchar(100) NOT NULL,
	"description" varchar(255),
	"order" integer NOT NULL,
	"points" numeric(12, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segments_order_check" CHECK ("segments"."order" >= 0),
	CONSTRAINT "segments_points_check" CHECK ("segments"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "surveys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(255),
	"points" numeric(12, 2) DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"first_answer_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surveys_type_check" CHECK ("surveys"."type" in (1, 2)),
	CONSTRAINT "surveys_points_check" CHECK ("surveys"."points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "multiple_option_hidden_questions" ADD CONSTRAINT "multiple_option_hidden_questions_option_id_multiple_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."multiple_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multiple_option_hidden_questions" ADD CONSTRAINT "multiple_option_hidden_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multiple_option_hidden_segments" ADD CONSTRAINT "multiple_option_hidden_segments_option_id_multiple_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."multiple_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multiple_option_hidden_segments" ADD CONSTRAINT "multiple_option_hidden_segments_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multiple_options" ADD CONSTRAINT "multiple_options_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_parent_id_segments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "multiple_option_hidden_questions_question_id_idx" ON "multiple_option_hidden_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "multiple_option_hidden_segments_segment_id_idx" ON "multiple_option_hidden_segments" USING btree ("segment_id");--> statement-breakpoint
CREATE INDEX "multiple_options_question_id_order_idx" ON "multiple_options" USING btree ("question_id","order");--> statement-breakpoint
CREATE INDEX "multiple_options_description_fold_idx" ON "multiple_options" USING btree (lower(translate("description", 'ÁÀÄÂÃáàäâãÉÈËÊéèëêÍÌÏÎíìïîÓÒÖÔÕóòöôõÚÙÜÛúùüûÑñÇç', 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCc')));--> statement-breakpoint
CREATE INDEX "questions_segment_id_order_idx" ON "questions" USING btree ("segment_id","order");--> statement-breakpoint
CREATE INDEX "questions_description_fold_idx" ON "questions" USING btree (lower(translate("description", 'ÁÀÄÂÃáàäâãÉÈËÊéèëêÍÌÏÎíìïîÓÒÖÔÕóòöôõÚÙÜÛúùüûÑñÇç', 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCc')));--> statement-breakpoint
CREATE INDEX "segments_survey_id_parent_id_order_idx" ON "segments" USING btree ("survey_id","parent_id","order");--> statement-breakpoint
CREATE INDEX "segments_parent_id_idx" ON "segments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "segments_name_fold_idx" ON "segments" USING btree (lower(translate("name", 'ÁÀÄÂÃáàäâãÉÈËÊéèëêÍÌÏÎíìïîÓÒÖÔÕóòöôõÚÙÜÛúùüûÑñÇç', 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCc')));--> statement-breakpoint
CREATE INDEX "surveys_campaign_id_idx" ON "surveys" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "surveys_name_fold_idx" ON "surveys" USING btree (lower(translate("name", 'ÁÀÄÂÃáàäâãÉÈËÊéèëêÍÌÏÎíìïîÓÒÖÔÕóòöôõÚÙÜÛúùüûÑñÇç', 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCc')));