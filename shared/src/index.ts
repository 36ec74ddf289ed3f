export * from './locales.ts';
export * from './limits.ts';
export * from './errors.ts';
export * from './routes.ts';
export * from './head.ts';
