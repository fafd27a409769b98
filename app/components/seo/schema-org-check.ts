import vocabulary from './schema-org-vocabulary.json' with { type: 'json' };

/**
 * Checks schema.org data (JSON-LD) against the checked-in part of the schema.org vocabulary
 * (`schema-org-vocabulary.json`, release 30.0): every `@type` is known, every property is defined on that type
 * or one of its supertypes, a nested thing is of a type the property takes, and an enumeration value is one of its
 * members. A type or property the site starts to use must be added to the vocabulary from the same release.
 * Used by the unit test of the builders and by the browser test on every page's data.
 */
type Vocabulary = {
  types: Record<string, { subTypeOf: string[] }>;
  properties: Record<string, { domainIncludes: string[]; rangeIncludes: string[] }>;
  enumerations: Record<string, string[]>;
};

const VOCABULARY: Vocabulary = vocabulary;
const SCHEMA = 'https://schema.org/';

/** The type and all its supertypes. */
function lineage(type: string): Set<string> {
  const seen = new Set<string>();
  const todo = [type];
  while (todo.length) {
    const next = todo.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    todo.push(...(VOCABULARY.types[next]?.subTypeOf ?? []));
  }
  return seen;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every problem in `data` (a thing or a list of things), each with its path; empty when the data is valid. */
export function schemaOrgProblems(data: unknown, path = '$'): string[] {
  if (Array.isArray(data)) return data.flatMap((item, index) => schemaOrgProblems(item, `${path}[${index}]`));
  if (!isObject(data)) return [`${path}: not an object`];
  // A reference to a thing named elsewhere on the page by its `@id` (an office's parent organization).
  if (typeof data['@id'] === 'string' && data['@type'] === undefined && Object.keys(data).length === 1) return [];
  const type = data['@type'];
  if (typeof type !== 'string') return [`${path}: no @type`];
  if (!VOCABULARY.types[type]) return [`${path}: type ${type} is not in the vocabulary`];
  const types = lineage(type);
  const problems: string[] = [];
  for (const [name, value] of Object.entries(data)) {
    if (name === '@type' || name === '@context' || name === '@id') continue;
    const at = `${path}.${name}`;
    const property = VOCABULARY.properties[name];
    if (!property) {
      problems.push(`${at}: property ${name} is not in the vocabulary`);
      continue;
    }
    if (!property.domainIncludes.some((domain) => types.has(domain))) {
      problems.push(`${at}: ${name} is not a property of ${type} (it belongs to ${property.domainIncludes.join(', ')})`);
    }
    for (const [index, item] of (Array.isArray(value) ? value : [value]).entries()) {
      problems.push(...valueProblems(item, property.rangeIncludes, Array.isArray(value) ? `${at}[${index}]` : at));
    }
  }
  return problems;
}

function valueProblems(value: unknown, ranges: string[], at: string): string[] {
  if (value === undefined || value === null) return [`${at}: empty value`];
  if (isObject(value)) {
    const nested = schemaOrgProblems(value, at);
    const type = value['@type'];
    if (typeof type === 'string' && VOCABULARY.types[type] && !ranges.some((range) => lineage(type).has(range))) {
      nested.push(`${at}: a ${type} where ${ranges.join(' or ')} is expected`);
    }
    return nested;
  }
  const enumeration = ranges.find((range) => VOCABULARY.enumerations[range]);
  if (enumeration) {
    const members = VOCABULARY.enumerations[enumeration]!;
    if (typeof value !== 'string' || !members.some((member) => value === SCHEMA + member)) {
      return [`${at}: ${String(value)} is not a ${enumeration} (${members.join(', ')})`];
    }
  }
  return [];
}
