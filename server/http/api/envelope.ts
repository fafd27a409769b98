import type { FastifyRequest } from 'fastify';
import type { Page } from '#core/catalogue/types.ts';

/** An absolute URL of this endpoint with `params` replacing the request's query. */
export function selfUrl(origin: string, request: FastifyRequest, params: URLSearchParams): string {
  const path = request.url.split('?')[0]!;
  const query = params.toString();
  return `${origin}${path}${query ? `?${query}` : ''}`;
}

/** A slice of `items` in the list envelope, with links to the neighbouring slices. */
export function envelope<T>(origin: string, request: FastifyRequest, items: T[], page: { limit: number; offset: number }): Page<T> {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const at = (o: number) => {
    const params = new URLSearchParams(query);
    params.set('limit', String(page.limit));
    if (o > 0) params.set('offset', String(o));
    else params.delete('offset');
    return selfUrl(origin, request, params);
  };
  return {
    count: items.length,
    next: page.offset + page.limit < items.length ? at(page.offset + page.limit) : null,
    previous: page.offset > 0 ? at(Math.max(0, page.offset - page.limit)) : null,
    results: items.slice(page.offset, page.offset + page.limit),
  };
}
