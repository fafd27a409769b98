export {};
/** `npm run bench`: every benchmark, each printing its own figures. */
const benches: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  ssr: () => import('./ssr.ts'),
  'first-visit': () => import('./first-visit.ts'),
  images: () => import('./images.ts'),
  catalogue: () => import('./catalogue.ts'),
  load: () => import('./load.ts'),
  history: () => import('./history.ts'),
  lighthouse: () => import('./lighthouse.ts'),
  layout: () => import('./layout.ts'),
  search: () => import('./search.ts'),
};
const only = process.argv.slice(2);
for (const [name, load] of Object.entries(benches)) {
  if (only.length && !only.includes(name)) continue;
  console.info(`\n=== ${name} ===`);
  await (await load()).run();
}
