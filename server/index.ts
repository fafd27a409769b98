/**
 * Process entry. React and React Router pick their production or development build from
 * `process.env.NODE_ENV` when first imported, so it is settled here, before anything else loads.
 */
process.env.NODE_ENV ??= 'production';
await import('./main.ts');

export {};
