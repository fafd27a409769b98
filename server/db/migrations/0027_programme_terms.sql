-- Offers say only what their programmes say (issue #38): an instalment plan paid off by the building's completion
-- («до сдачи») is marked so, and its term is capped for each lot by the months left to its building's completion
-- (core/purchase/payments.ts `termCap`). The demo's plan of that kind is marked; any other is an editor's to mark.
ALTER TABLE "finance_programmes" ADD COLUMN "until_completion" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "finance_programmes" ADD CONSTRAINT "finance_programmes_until_completion_check" CHECK (NOT "finance_programmes"."until_completion" OR "finance_programmes"."kind" = 'installment');
--> statement-breakpoint
UPDATE "finance_programmes" SET "until_completion" = true WHERE "id" = 'installment-construction';
--> statement-breakpoint
-- Rates never live inside names: the demo's special offers as seeded before named theirs («Зимнее предложение: 4,5 %»).
UPDATE "finance_programmes" SET "name" = '{"ru": "Зимнее предложение", "en": "Winter offer", "zh": "冬季优惠"}'::jsonb
  WHERE "id" = 'stolitsa-winter-special' AND "name"->>'ru' = 'Зимнее предложение: 4,5 %';
--> statement-breakpoint
UPDATE "finance_programmes" SET "name" = '{"ru": "Летнее предложение", "en": "Summer offer", "zh": "夏季优惠"}'::jsonb
  WHERE "id" = 'nord-summer-special' AND "name"->>'ru' = 'Летнее предложение: 3,9 %';
--> statement-breakpoint
-- The instalment page's claim that no interest is charged, beside a plan with a markup: each plan's markup is said by
-- the plan itself (core/purchase/terms.ts). The demo page as seeded before loses the claim and keeps the rest.
UPDATE "pages" SET "body" = jsonb_build_object(
    'ru', replace("body"->>'ru', 'Проценты не начисляются: график', 'График'),
    'en', replace("body"->>'en', 'No interest is charged: the payment schedule', 'The payment schedule'),
    'zh', replace("body"->>'zh', '不收取利息：还款计划', '还款计划'))
  WHERE "slug" = 'purchase/installment';
