export * from './platform.ts';
export * from './master.ts';
