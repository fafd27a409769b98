import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';

/**
 * New-deploy detection (REFERENCE "New deploy detection"): `/builds/latest.json` names the build this
 * server runs (`{id, timestamp}`, cached one second); `/builds/meta/{id}.json` describes it, with the paths it
 * prerendered.
 * Browsers poll the first and make their next navigation a full page load when the id changes.
 */
export function registerBuildRoutes(app: FastifyInstance, getBuild: () => Promise<ServerBuild>, prerendered: string[] = []): void {
  const timestamp = Date.now();
  app.get('/builds/latest.json', async (_request, reply) => {
    const build = await getBuild();
    return reply.header('cache-control', 'public, max-age=1').send({ id: build.assets.version, timestamp });
  });
  app.get<{ Params: { file: string } }>('/builds/meta/:file', async (request, reply) => {
    const build = await getBuild();
    if (request.params.file !== `${build.assets.version}.json`) {
      return reply.code(404).header('cache-control', 'no-store').send({ detail: 'No such build.' });
    }
    // The pages the build prerendered (ADR 028): the browser loads their payload files (`{path}/_payload.json?{id}`).
    return reply.header('cache-control', 'public, max-age=31536000, immutable').send({ id: build.assets.version, timestamp, prerendered });
  });
}
