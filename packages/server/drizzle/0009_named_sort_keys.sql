DROP INDEX "brands_name_fold_idx";--> statement-breakpoint
DROP INDEX "categories_name_fold_idx";--> statement-breakpoint
DROP INDEX "regions_name_fold_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(translate("profiles"."name", 'ÁÀÄÂÃáàäâãÉÈËÊéèëêÍÌÏÎíìïîÓÒÖÔÕóòöôõÚÙÜÛúùüûÑñÇç', 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCc'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(translate("brands"."name", 'ÁÀÄÂÃáàäâãÉÈËÊéèëêÍÌÏÎíìïîÓÒÖÔÕóòöôõÚÙÜÛúùüûÑñÇç', 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCc'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(translate("categories"."name", 'ÁÀÄÂÃáàäâãÉÈËÊéèëêÍÌÏÎíìïîÓÒÖÔÕóòöôõÚÙÜÛúùüûÑñÇç', 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCc'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(translate("regions"."name", 'ÁÀÄÂÃáàäâãÉÈËÊéèëêÍÌÏÎíìïîÓÒÖÔÕóòöôõÚÙÜÛúùüûÑñÇç', 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCc'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_name_key_id_idx" ON "profiles" USING btree ("name_key","id");--> statement-breakpoint
CREATE INDEX "brands_name_key_id_idx" ON "brands" USING btree ("name_key","id");--> statement-breakpoint
CREATE INDEX "categories_name_key_id_idx" ON "categories" USING btree ("name_key","id");--> statement-breakpoint
CREATE INDEX "regions_name_key_id_idx" ON "regions" USING btree ("name_key","id");