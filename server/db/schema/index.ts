export * from './site.ts';
export * from './tracking.ts';
export * from './catalogue.ts';
export * from './leads.ts';
export * from './content.ts';
export * from './purchase.ts';
export * from './home.ts';
export * from './offices.ts';
