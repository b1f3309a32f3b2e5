export * from './links.ts';
export * from './schemas.ts';
