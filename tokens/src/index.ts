export * from './colors.ts';
export * from './scales.ts';
export * from './contrast.ts';
export * from './contrastPairs.ts';
export { themes } from './themes/index.ts';
