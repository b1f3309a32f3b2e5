export * from './adhoc/index.ts';
export * from './auth.ts';
export * from './format.ts';
export * from './http.ts';
export * from './navigation.ts';
export * from './permissions.ts';
export * from './storage.ts';
export * from './texts.ts';
