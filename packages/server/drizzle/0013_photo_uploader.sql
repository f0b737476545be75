-- Issue #20: who uploaded a file. A promoter's photo belongs to it: the sync refuses a visit or an
-- answer that refers to a photo another user uploaded (docs/sync.md).
ALTER TABLE "files" ADD COLUMN "uploaded_by" integer;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_uploaded_by_idx" ON "files" USING btree ("uploaded_by");