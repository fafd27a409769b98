/**
 * Writes `.env.example` and docs/configuration.md from the configuration's schemas (server/config.ts composes one
 * per subsystem): each variable's `.describe()` text, its default, what it accepts, and its notes
 * (server/lib/env.ts `EnvMeta`). Run `npm run config:docs` after changing a schema; scripts/config-docs.test.ts
 * fails while either file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { z } from 'zod';
import { configSections } from '../server/config.ts';
import { EXAMPLE_SECRET } from '../server/lib/env.ts';
import { flagsCommandConfigSchema } from '../server/modules/flags/config.ts';
import { staffCommandConfigSchema } from '../server/modules/staff/config.ts';

export const ENV_EXAMPLE_FILE = '.env.example';
export const REFERENCE_FILE = 'docs/configuration.md';

export type Variable = {
  name: string;
  description: string;
  /** The fixed default as the environment would write it, when the schema has one. */
  fixedDefault: string | undefined;
  /** The default in words (markdown), where the fixed one is not the whole story. */
  defaultText: string | undefined;
  accepts: string;
  production: string | undefined;
  example: string | undefined;
  secret: boolean;
};

/** Variables only an operator's command reads (not part of `Config`), documented beside the server's. */
const commandConfigSections = [
  { source: 'server/modules/flags/config.ts', schema: flagsCommandConfigSchema },
  { source: 'server/modules/staff/config.ts', schema: staffCommandConfigSchema },
];

export type Section = { title: string; about: string; source: string; command: boolean; variables: Variable[] };

/** What a variable's metadata may hold: its description and the notes of `EnvMeta`, nothing misspelt. */
const variableMeta = z.strictObject({
  description: z.string().min(1),
  defaultText: z.string().min(1).optional(),
  example: z.string().optional(),
  production: z.string().min(1).optional(),
  secret: z.literal(true).optional(),
});

const sectionMeta = z.strictObject({ title: z.string().min(1), description: z.string().min(1) });

function fixedDefault(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodDefault) return schema.def.defaultValue;
  if (schema instanceof z.ZodPipe) return fixedDefault(schema.in as z.ZodType);
  return undefined;
}

const BOOLEAN_WORDS = ['0', '1', 'true', 'false', 'yes', 'no', ''];
const range = (min: unknown, max: unknown) => (min !== undefined && max !== undefined ? ` ${min}–${max}` : min !== undefined ? ` ≥ ${min}` : '');

/** What the schema accepts, in words, from its JSON Schema (the input side: what the environment writes). */
function accepts(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const values = json.enum as string[] | undefined;
  if (values)
    return values.length === BOOLEAN_WORDS.length && values.every((v) => BOOLEAN_WORDS.includes(v))
      ? 'true/false, 1/0, yes/no'
      : values.map((v) => `\`${v}\``).join(', ');
  if (json.type === 'integer') return `integer${range(json.minimum, json.maximum)}`;
  if (json.type === 'number') return json.exclusiveMinimum === 0 ? 'number > 0' : `number${range(json.minimum, json.maximum)}`;
  if (json.format === 'uri') return 'URL';
  if (json.pattern) return `text matching \`${String(json.pattern)}\``;
  if (json.minLength !== undefined || json.maxLength !== undefined) {
    const min = Number(json.minLength ?? 0);
    return json.maxLength !== undefined ? `text, ${min}–${json.maxLength} characters` : `text, ${min}+ characters`;
  }
  return 'text';
}

function describeSection(source: string, schema: z.ZodObject, command: boolean): Section {
  const meta = sectionMeta.parse(schema.meta(), { error: () => `${source}: a section needs .meta({ title }) and .describe()` });
  const variables = Object.entries(schema.shape).map(([name, field]): Variable => {
    const parsed = variableMeta.safeParse(z.globalRegistry.get(field));
    if (!parsed.success) throw new Error(`${source}: ${name} needs .describe('…') last, and only EnvMeta's notes (${parsed.error.message})`);
    const value = fixedDefault(field);
    return {
      name,
      description: parsed.data.description,
      fixedDefault: value === undefined ? undefined : String(value),
      defaultText: parsed.data.defaultText,
      accepts: accepts(field),
      production: parsed.data.production,
      example: parsed.data.example,
      secret: parsed.data.secret ?? false,
    };
  });
  return { title: meta.title, about: meta.description, source, command, variables };
}

/** Every section of the reference: the server's, then the operator commands'. */
export function describeSections(): Section[] {
  return [
    ...configSections.map(({ source, schema }) => describeSection(source, schema, false)),
    ...commandConfigSections.map(({ source, schema }) => describeSection(source, schema, true)),
  ];
}

function wrap(text: string, width: number, prefix: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && prefix.length + line.length + 1 + word.length > width) {
      lines.push(prefix + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(prefix + line);
  return lines;
}

/** The line `.env.example` gives a variable: its fixed default, or commented out with an example. */
function envLine(variable: Variable): string {
  if (variable.example !== undefined) return `# ${variable.name}=${variable.example}`;
  if (variable.secret) return `# ${variable.name}=${EXAMPLE_SECRET}`;
  if (variable.fixedDefault !== undefined && variable.defaultText === undefined) return `${variable.name}=${variable.fixedDefault}`;
  return `# ${variable.name}=`;
}

const WIDTH = 118;

export function renderEnvExample(sections: Section[]): string {
  const out = [
    ...wrap(
      'Every variable the server reads, validated at boot: server/config.ts composes the schema each subsystem declares beside its code. All are optional on a developer’s machine; docs/configuration.md says what a production server requires. Written by `npm run config:docs` from the schemas: change a description there, then run it.',
      WIDTH,
      '# ',
    ),
  ];
  for (const section of sections.filter((s) => !s.command)) {
    out.push('', `# ─── ${section.title} (${section.source})`, ...wrap(section.about, WIDTH, '# '), '#');
    for (const variable of section.variables) out.push(...wrap(variable.description, WIDTH, '# '), envLine(variable));
  }
  return `${out.join('\n')}\n`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');
const anchor = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');

function defaultCell(variable: Variable): string {
  if (variable.defaultText !== undefined) return variable.defaultText;
  if (variable.fixedDefault === undefined) return '—';
  return variable.fixedDefault === '' ? 'empty' : `\`${variable.fixedDefault}\``;
}

function productionCell(variable: Variable): string {
  if (variable.production !== undefined) return `**${variable.production}**`;
  return variable.secret ? 'not the placeholder' : '—';
}

function table(section: Section): string[] {
  return [
    '| Variable | Default | Accepts | In production | What it does |',
    '| --- | --- | --- | --- | --- |',
    ...section.variables.map((v) => `| \`${v.name}\` | ${cell(defaultCell(v))} | ${cell(v.accepts)} | ${cell(productionCell(v))} | ${cell(v.description)} |`),
  ];
}

export async function renderReference(sections: Section[]): Promise<string> {
  const server = sections.filter((s) => !s.command);
  const commands = sections.filter((s) => s.command);
  const count = server.reduce((n, s) => n + s.variables.length, 0);
  const out = [
    '# Configuration',
    '',
    '<!-- Written by `npm run config:docs` (scripts/config-docs.ts) from the schemas: edit those, not this file. -->',
    '',
    `The server reads ${count} environment variables. Each subsystem declares its own in a zod schema beside the code that reads them, and \`server/config.ts\` composes them into the one \`Config\` the app gets. All are validated at boot: a bad value stops the server with a message naming every bad variable. This page and [\`.env.example\`](../.env.example) are written from those schemas by \`npm run config:docs\`; a unit test fails when either is stale.`,
    '',
    `**In production** is what a production server (\`NODE_ENV=production\`) listening beyond loopback (a \`HOST\` other than 127.0.0.1, ::1 or localhost) asks of a variable: it refuses to start without a public \`SITE_URL\`, with a demo secret, without \`CAPTCHA_SECRET\` while the proof of work is on, or with a key or token still at the \`.env.example\` placeholder (\`${EXAMPLE_SECRET}\`). On loopback and outside production it asks nothing, so \`npm start\` on a fresh machine and the tests need none of them.`,
    '',
    '`npm start` and `npm run serve` also run Node with `MALLOC_ARENA_MAX=2` and `--max-semi-space-size=16` (package.json); give any other production start command both.',
    '',
    ...server.map((s) => `- [${s.title}](#${anchor(s.title)}): ${s.variables.map((v) => `\`${v.name}\``).join(', ')}`),
    `- [Operator commands](#operator-commands): ${commands.flatMap((s) => s.variables.map((v) => `\`${v.name}\``)).join(', ')}`,
  ];
  for (const section of server)
    out.push('', `## ${section.title}`, '', `${section.about} Declared in [\`${section.source}\`](../${section.source}).`, '', ...table(section));
  out.push('', '## Operator commands', '', 'Read by a command run beside the server, not by the server itself.');
  for (const section of commands)
    out.push('', `### ${section.title}`, '', `${section.about} Declared in [\`${section.source}\`](../${section.source}).`, '', ...table(section));
  const markdown = `${out.join('\n')}\n`;
  return format(markdown, { ...(await resolveConfig(REFERENCE_FILE)), parser: 'markdown' });
}

async function main() {
  const sections = describeSections();
  writeFileSync(ENV_EXAMPLE_FILE, renderEnvExample(sections));
  writeFileSync(REFERENCE_FILE, await renderReference(sections));
  console.log(`${ENV_EXAMPLE_FILE} and ${REFERENCE_FILE} written`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
