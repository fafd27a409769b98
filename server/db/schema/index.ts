/** Every table, for the database client and drizzle-kit (drizzle.config.ts): each domain keeps its own in server/modules/<domain>/schema*.ts. */
export * from '../../modules/content/schema-site.ts';
export * from '../../modules/events/schema-tracking.ts';
export * from '../../modules/events/schema.ts';
export * from '../../modules/catalogue/schema.ts';
export * from '../../modules/leads/schema.ts';
export * from '../../modules/content/schema.ts';
export * from '../../modules/purchase/schema.ts';
export * from '../../modules/home/schema.ts';
export * from '../../modules/home/schema-stories.ts';
export * from '../../modules/catalogue/schema-collections.ts';
export * from '../../modules/offices/schema.ts';
export * from '../../modules/feeds/schema.ts';
export * from '../../modules/flags/schema.ts';
export * from '../../modules/auctions/schema.ts';
export * from '../../modules/catalogue/schema-history.ts';
export * from '../../modules/alerts/schema.ts';
export * from '../../modules/staff/schema.ts';
