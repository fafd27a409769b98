import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_SECRET, loadConfig, serveProblems } from '../server/config.ts';
import { describeSections, ENV_EXAMPLE_FILE, REFERENCE_FILE, renderEnvExample, renderReference } from './config-docs.ts';

const sections = describeSections();
const variables = sections.filter((section) => !section.command).flatMap((section) => section.variables);
const STALE = 'is stale: run `npm run config:docs` and commit the result';

describe('the configuration reference', () => {
  it('is what the schemas write (.env.example)', () => {
    expect(readFileSync(ENV_EXAMPLE_FILE, 'utf8'), `${ENV_EXAMPLE_FILE} ${STALE}`).toBe(renderEnvExample(sections));
  });

  // The reference is formatted by Prettier as it is written: seconds of CPU, more on a busy machine.
  it('is what the schemas write (docs/configuration.md)', { timeout: 60_000 }, async () => {
    expect(readFileSync(REFERENCE_FILE, 'utf8'), `${REFERENCE_FILE} ${STALE}`).toBe(await renderReference(sections));
  });

  it('names each variable once, in the file that declares its section', () => {
    const names = sections.flatMap((section) => section.variables.map((variable) => variable.name));
    expect(names.length).toBe(new Set(names).size);
    for (const section of sections) {
      const source = readFileSync(section.source, 'utf8');
      for (const { name } of section.variables) expect(source, `${name} in ${section.source}`).toMatch(new RegExp(`^\\s+${name}:`, 'm'));
    }
  });

  it('gives .env.example values that load as the defaults do', () => {
    const example = parseEnv(readFileSync(ENV_EXAMPLE_FILE, 'utf8'));
    expect(loadConfig(example)).toEqual(loadConfig({}));
  });
});

describe("the reference's production notes and the server's refusals", () => {
  const secure = {
    NODE_ENV: 'production',
    HOST: '0.0.0.0',
    SITE_URL: 'https://www.example.ru',
    ANTIBOT_SALT: 'a-salt-of-our-own',
    CAPTCHA_SECRET: 'x'.repeat(32),
    ALERTS_SECRET: 'y'.repeat(32),
    ADMIN_SECRET: 'z'.repeat(32),
  };
  const refuses = (name: string, value: string | undefined) => {
    let config;
    try {
      config = loadConfig({ ...secure, [name]: value });
    } catch {
      return false;
    }
    return serveProblems(config).some((line) => line.startsWith(`${name}:`));
  };

  it('mark as required what production requires', () => {
    const required = variables.filter((variable) => refuses(variable.name, undefined)).map((variable) => variable.name);
    expect(required).toEqual(variables.filter((variable) => variable.production).map((variable) => variable.name));
  });

  it('mark as secret each key production refuses at the .env.example placeholder', () => {
    const refused = variables.filter((variable) => refuses(variable.name, EXAMPLE_SECRET)).map((variable) => variable.name);
    expect(refused).toEqual(variables.filter((variable) => variable.secret).map((variable) => variable.name));
  });

  it('give no secret a default that production accepts', () => {
    for (const variable of variables.filter((v) => v.secret && v.fixedDefault !== undefined))
      expect(refuses(variable.name, undefined), variable.name).toBe(true);
  });
});
