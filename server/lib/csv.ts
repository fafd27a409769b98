/**
 * A small RFC 4180 reader for CRM exports: quoted fields (with "" escapes and line breaks), CRLF or LF, a
 * UTF-8 BOM, and the delimiter guessed from the header line (Russian Excel writes `;`).
 */
export function parseCsv(input: string): { header: string[]; rows: { line: number; values: string[] }[] } {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [';', ',', '\t'].reduce((best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best), ',');
  const records: { line: number; values: string[] }[] = [];
  let field = '';
  let values: string[] = [];
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line += 1;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === delimiter) {
      values.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      values.push(field);
      records.push({ line: recordLine, values });
      values = [];
      field = '';
      line += 1;
      recordLine = line;
    } else field += ch;
  }
  if (field !== '' || values.length) {
    values.push(field);
    records.push({ line: recordLine, values });
  }
  const nonEmpty = records.filter((r) => r.values.some((v) => v.trim() !== ''));
  const [head, ...rows] = nonEmpty;
  return { header: (head?.values ?? []).map((h) => h.trim()), rows };
}
