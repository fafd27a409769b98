-- A lot's view is one of the view tags of the sun-and-view passport (issue #41; core/insolation/types.ts VIEW_TAGS:
-- courtyard, park, water, street, city), the words the filter's view and the lot's card share: the demo's older codes
-- become theirs (river → water, a pine park → park, boulevard → street), and the catalogue's version moves so every
-- process reads them.
UPDATE "lots" SET "view" = CASE "view" WHEN 'river' THEN 'water' WHEN 'forest' THEN 'park' WHEN 'boulevard' THEN 'street' END
  WHERE "view" IN ('river', 'forest', 'boulevard');--> statement-breakpoint
UPDATE "catalogue_state" SET "version" = "version" + 1;
