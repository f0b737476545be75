export * from './platform.ts';
export * from './master.ts';
export * from './surveys.ts';
export * from './visits.ts';
export * from './security.ts';
export * from './visit-map.ts';
