export * from './constants.ts';
export * from './format-date.ts';
export * from './schemas.ts';
