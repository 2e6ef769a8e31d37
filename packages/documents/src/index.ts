export * from './model.ts';
export * from './write/index.ts';
