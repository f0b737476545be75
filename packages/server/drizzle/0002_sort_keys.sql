DROP INDEX "clients_commercial_name_fold_idx";--> statement-breakpoint
DROP INDEX "points_of_sale_name_fold_idx";--> statement-breakpoint
DROP INDEX "products_name_fold_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "commercial_name_key" text GENERATED ALWAYS AS (lower(translate("clients"."commercial_name", 'ÁÀÄÂÃáàäâãÉÈËÊéèëêÍÌÏÎíìïîÓÒÖÔÕóòöôõÚÙÜÛúùüûÑñÇç', 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCc'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "points_of_sale" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(translate("points_of_sale"."name", 'ÁÀÄÂÃáàäâãÉÈËÊéèëêÍÌÏÎíìïîÓÒÖÔÕóòöôõÚÙÜÛúùüûÑñÇç', 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCc'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(translate("products"."name", 'ÁÀÄÂÃáàäâãÉÈËÊéèëêÍÌÏÎíìïîÓÒÖÔÕóòöôõÚÙÜÛúùüûÑñÇç', 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCc'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_commercial_name_key_id_idx" ON "clients" USING btree ("commercial_name_key","id");--> statement-breakpoint
CREATE INDEX "points_of_sale_name_key_id_idx" ON "points_of_sale" USING btree ("name_key","id");--> statement-breakpoint
CREATE INDEX "products_name_key_id_idx" ON "products" USING btree ("name_key","id");