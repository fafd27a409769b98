/**
 * Feature flags and experiments without a deploy, until the back office exists (ADR 015):
 *
 *   npm run flags:list                                   every flag: default, rules, last change, description
 *   npm run flags:set -- KEY JSON [--description TEXT]   create or change a flag
 *   npm run flags:delete -- KEY                          delete a flag
 *
 * JSON is either a whole definition, an object with `defaultValue` (and `rules`, GrowthBook's shape: an experiment
 * is a rule with `variations`), or any other JSON value, which becomes the flag's default and keeps its rules:
 *
 *   npm run flags:set -- home-stories false
 *   npm run flags:set -- home-hero-cta '{"defaultValue":"find"}'      # the experiment stopped: everyone gets "find"
 *
 * The change goes through the running server's operator API (`/api/admin/flags/`, at FLAGS_SERVER_URL, else this
 * machine's HOST/PORT), which tells its open pages at once. Its bearer token is FLAGS_TOKEN, or, when unset, the
 * one the server on this machine wrote at boot to DATA_DIR/operator-token (server/http/operator-token.ts). When no
 * server answers, it is written to the database directly; servers started later read it, and on PostgreSQL
 * running ones notice it within FLAGS_POLL_MS. Exit code 0: done; 1: refused or failed.
 */
import { parseArgs } from 'node:util';
import { featureDefinitionSchema, featureKeySchema, type FeatureDefinition } from '../core/flags/features.ts';
import { isLoopbackHost, loadConfig, type Config } from '../server/config.ts';
import { migrate, openDatabase } from '../server/db/client.ts';
import { flagsCommandConfigSchema } from '../server/modules/flags/config.ts';
import { createFeatureService, type FeatureFlagRow } from '../server/modules/flags/service.ts';
import { operatorTokenPath, readOperatorToken } from '../server/http/operator-token.ts';

const usage = ['Usage: npm run flags:list', '       npm run flags:set -- KEY JSON [--description TEXT]', '       npm run flags:delete -- KEY'].join('\n');

type Backend = {
  where: string;
  list: () => Promise<FeatureFlagRow[]>;
  put: (key: string, definition: FeatureDefinition, description?: string) => Promise<FeatureFlagRow>;
  remove: (key: string) => Promise<boolean>;
  close: () => Promise<void>;
};

class Refused extends Error {}

/** The running server's operator API, or null when none answers. */
async function serverBackend(config: Config): Promise<Backend | null> {
  const host = isLoopbackHost(config.HOST) || config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const base = flagsCommandConfigSchema.parse(process.env).FLAGS_SERVER_URL ?? `http://${host}:${config.PORT}`;
  const token = readOperatorToken(config);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const res = await fetch(new URL(path, base), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
    if (res.status === 403 && !token)
      throw new Refused(`${base} refused: no operator token (set FLAGS_TOKEN, or run this where ${operatorTokenPath(config.DATA_DIR)} is readable)`);
    if (res.status === 403 || res.status === 400) throw new Refused(`${base} refused: ${res.status} ${await res.text()}`);
    return res;
  };
  try {
    const probe = await call('GET', '/api/admin/flags/');
    if (!probe.ok) return null;
  } catch (error) {
    if (error instanceof Refused) throw error;
    return null;
  }
  return {
    where: `the server at ${base}`,
    list: async () => (await (await call('GET', '/api/admin/flags/')).json()) as FeatureFlagRow[],
    put: async (key, definition, description) => {
      const res = await call('PUT', `/api/admin/flags/${encodeURIComponent(key)}/`, { ...definition, ...(description === undefined ? {} : { description }) });
      if (!res.ok) throw new Error(`${base} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as FeatureFlagRow;
    },
    remove: async (key) => (await call('DELETE', `/api/admin/flags/${encodeURIComponent(key)}/`)).status === 204,
    close: async () => {},
  };
}

async function databaseBackend(config: Config): Promise<Backend> {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrate(database);
  const features = createFeatureService(database.db);
  return {
    where: database.engine === 'postgres' ? 'the database (running servers notice it within FLAGS_POLL_MS)' : 'the embedded database',
    list: () => features.list(),
    put: async (key, definition, description) => {
      await features.set(key, definition, description);
      return (await features.list()).find((f) => f.key === key)!;
    },
    remove: (key) => features.remove(key),
    close: () => database.close(),
  };
}

function describeFlag(flag: FeatureFlagRow): string {
  const rules = flag.rules.map((rule) =>
    rule.variations
      ? `experiment ${rule.key ?? flag.key}: ${JSON.stringify(rule.variations)} × ${JSON.stringify(rule.weights ?? 'equal')}, coverage ${rule.coverage ?? 1}`
      : `force ${JSON.stringify(rule.force)}${rule.condition ? ' when ' + JSON.stringify(rule.condition) : ''}`,
  );
  return [
    `${flag.key} = ${JSON.stringify(flag.defaultValue)}  (changed ${flag.updatedAt})`,
    ...(flag.description ? [`  ${flag.description}`] : []),
    ...rules.map((r) => `  rule: ${r}`),
  ].join('\n');
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { description: { type: 'string' } } });
  const [command, key, value] = positionals;
  if (!command || !['list', 'set', 'delete'].includes(command) || (command !== 'list' && !key) || (command === 'set' && value === undefined)) {
    console.error(usage);
    return 1;
  }
  if (key !== undefined && !featureKeySchema.safeParse(key).success) {
    console.error(`Not a feature key: ${key} (lower-case letters, digits, "-", "_" or ".")`);
    return 1;
  }
  const config = loadConfig();
  let backend: Backend;
  try {
    backend = (await serverBackend(config)) ?? (await databaseBackend(config));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
  try {
    if (command === 'list') {
      const flags = await backend.list();
      console.info(flags.length ? flags.map(describeFlag).join('\n\n') : 'No feature flags.');
      return 0;
    }
    if (command === 'delete') {
      const deleted = await backend.remove(key!);
      console.info(deleted ? `Deleted ${key} in ${backend.where}.` : `No flag ${key}.`);
      return deleted ? 0 : 1;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(value!);
    } catch {
      console.error(`Not JSON: ${value} (a string is written with its quotes: '"find"')`);
      return 1;
    }
    const whole = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && 'defaultValue' in parsed;
    const current = whole ? undefined : (await backend.list()).find((f) => f.key === key);
    const definition = featureDefinitionSchema.safeParse(whole ? parsed : { defaultValue: parsed, rules: current?.rules ?? [] });
    if (!definition.success) {
      console.error(`Not a feature definition:\n${definition.error.issues.map((i) => `  ${i.path.join('.') || '(value)'}: ${i.message}`).join('\n')}`);
      return 1;
    }
    const flag = await backend.put(key!, definition.data, values.description);
    console.info(`Set in ${backend.where}:\n${describeFlag(flag)}`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await backend.close();
  }
}

process.exitCode = await main();
