export * from './csv.ts';
export * from './permissions.ts';
export * from './suppression/index.ts';
