export * from './adhoc/index.ts';
export * from './permissions.ts';
