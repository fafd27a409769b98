-- Slug pages' bodies become rich text (HTML, ADR 026), exactly as migration 0022 did for publications: each
-- language's blocks written as the HTML the seeder makes of them (core/content/rich-text.ts `blocksToHtml`), text
-- escaped. Bodies already in HTML stay as they are.
CREATE FUNCTION admin_content_escape(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT replace(replace(replace(replace(coalesce(t, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')
$$;
--> statement-breakpoint
CREATE FUNCTION admin_content_blocks_html(blocks jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(string_agg(CASE b->>'type'
      WHEN 'h2' THEN '<h2>' || admin_content_escape(b->>'text') || '</h2>'
      WHEN 'p' THEN '<p>' || admin_content_escape(b->>'text') || '</p>'
      WHEN 'ul' THEN '<ul>' || coalesce((SELECT string_agg('<li>' || admin_content_escape(i) || '</li>', '' ORDER BY n)
        FROM jsonb_array_elements_text(b->'items') WITH ORDINALITY AS x(i, n)), '') || '</ul>'
      WHEN 'button' THEN '<p><a href="' || admin_content_escape(b->>'href') || '">' || admin_content_escape(b->>'text') || '</a></p>'
      ELSE '' END, '' ORDER BY ord), '')
  FROM jsonb_array_elements(blocks) WITH ORDINALITY AS e(b, ord)
$$;
--> statement-breakpoint
UPDATE "pages" SET "body" = jsonb_build_object(
  'ru', admin_content_blocks_html("body"->'ru'),
  'en', admin_content_blocks_html("body"->'en'),
  'zh', admin_content_blocks_html("body"->'zh'))
WHERE jsonb_typeof("body"->'ru') = 'array';
--> statement-breakpoint
DROP FUNCTION admin_content_blocks_html(jsonb);
--> statement-breakpoint
DROP FUNCTION admin_content_escape(text);
