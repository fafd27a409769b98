export * from './site.ts';
export * from './tracking.ts';
