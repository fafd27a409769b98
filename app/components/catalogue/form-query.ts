/**
 * A GET form's fields as the catalogue's URL convention wants them (spec §3): repeated names joined into
 * one comma list, empty fields left out. Without JavaScript the browser sends `rooms=1&rooms=2&price_min=`
 * and the server reads that too; with JavaScript the address bar shows the tidy form.
 */
export function formQuery(form: HTMLFormElement, skip: readonly string[] = []): URLSearchParams {
  const data = new FormData(form);
  const params = new URLSearchParams();
  for (const key of new Set(data.keys())) {
    if (skip.includes(key)) continue;
    const values = data
      .getAll(key)
      .map((value) => (typeof value === 'string' ? value.trim() : ''))
      .filter(Boolean);
    if (values.length) params.set(key, values.join(','));
  }
  return params;
}

/** `?status=a,b&status=c` → `['a', 'b', 'c']`: a list parameter in either spelling. */
export function listParam(params: URLSearchParams, key: string): string[] {
  return [
    ...new Set(
      params
        .getAll(key)
        .flatMap((value) => value.split(','))
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ];
}

/** A query string with commas left readable. */
export function queryString(params: URLSearchParams): string {
  const text = params.toString().replace(/%2C/gi, ',');
  return text ? `?${text}` : '';
}
