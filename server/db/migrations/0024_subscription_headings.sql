-- The subscription block's heading and text per topic (spec §3), edited in the back office (ADR 026). Seeded with the
-- locale catalogs' words (forms.subscription); the pages fall back to them for a topic without a row.
CREATE TABLE "subscription_headings" (
	"topic" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_headings_topic_check" CHECK ("subscription_headings"."topic" in ('default', 'project', 'parking', 'pantry', 'children'))
);
--> statement-breakpoint
-- The pages show them: a change moves the content data version (migration 0020), so every instance's page cache follows.
CREATE TRIGGER "subscription_headings_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscription_headings"
FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('content');
--> statement-breakpoint
INSERT INTO "subscription_headings" ("topic", "title", "description") VALUES
('default',
	jsonb_build_object(
		'ru', 'Новости и старты продаж',
		'en', 'News and sales launches',
		'zh', '新闻与开盘信息'),
	jsonb_build_object(
		'ru', 'Подпишитесь: расскажем о новых проектах, старте продаж и акциях — не чаще раза в неделю.',
		'en', 'Subscribe to hear about new projects, sales launches and offers, at most once a week.',
		'zh', '订阅后，我们将为您推送新项目、开盘和优惠活动信息，每周不超过一次。')),
('project',
	jsonb_build_object(
		'ru', 'Следите за ходом строительства',
		'en', 'Follow the construction',
		'zh', '关注施工进度'),
	jsonb_build_object(
		'ru', 'Подпишитесь — будем присылать фотоотчёты и новости стройки.',
		'en', 'Subscribe to get photo reports and construction news.',
		'zh', '订阅后我们将发送施工照片报告和工地新闻。')),
('parking',
	jsonb_build_object(
		'ru', 'Машино-места',
		'en', 'Parking spaces',
		'zh', '车位'),
	jsonb_build_object(
		'ru', 'Расскажем о свободных машино-местах, ценах и условиях покупки.',
		'en', 'We will tell you about free parking spaces, prices and terms.',
		'zh', '了解空闲车位、价格和购买条件。')),
('pantry',
	jsonb_build_object(
		'ru', 'Кладовые',
		'en', 'Storage rooms',
		'zh', '储藏室'),
	jsonb_build_object(
		'ru', 'Узнайте о свободных кладовых рядом с вашей квартирой.',
		'en', 'Find out about free storage rooms next to your flat.',
		'zh', '了解您住宅附近的空闲储藏室。')),
('children',
	jsonb_build_object(
		'ru', 'Для детей',
		'en', 'For children',
		'zh', '儿童设施'),
	jsonb_build_object(
		'ru', 'Новости о школах, детских садах и площадках в наших кварталах.',
		'en', 'News about schools, kindergartens and playgrounds in our quarters.',
		'zh', '我们街区学校、幼儿园和游乐场的最新消息。'));
--> statement-breakpoint
-- The home page's selector heading becomes one of its texts (content_blocks 'home', core/content/home.ts), seeded with
-- the catalogs' words (homeBlocks.selector) on a database seeded before.
UPDATE "content_blocks" SET "content" = "content" || jsonb_build_object('selector', jsonb_build_object(
	'title', jsonb_build_object('ru', 'Подберите квартиру', 'en', 'Find a flat', 'zh', '挑选公寓'),
	'lead', jsonb_build_object(
		'ru', 'Проект, комнаты и бюджет — число квартир обновляется сразу, остальное уточните в фильтре.',
		'en', 'Choose the project, rooms and budget: the number of flats updates at once, and the filter has the rest.',
		'zh', '选择项目、房间数和预算，符合条件的公寓数量即时更新，更多条件请在筛选页设置。')))
WHERE "key" = 'home' AND NOT ("content" ? 'selector');
