import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { privateScreens } from '../src/app/screen-table';
import { tableScreens } from './first-load-preload';

describe('tableScreens: the route table the first-load preload script is built from', () => {
  it('reads every screen of app/screen-table.ts with its module', () => {
    const source = readFileSync(path.join(__dirname, '../src/app/screen-table.ts'), 'utf8');
    const screens = tableScreens(source);
    expect(screens.map((s) => s.pattern)).toEqual(privateScreens.map((s) => s.path));
    expect(screens.find((s) => s.pattern === '/checkins')?.module).toBe(
      '../features/checkins/checkins-page',
    );
    expect(screens.find((s) => s.pattern === '/clients/:clientId/products')?.module).toBe(
      '../features/relations/relation-screens',
    );
  });

  it('fails on an entry it cannot read, so the build does not preload the wrong files', () => {
    expect(() =>
      tableScreens("export const privateScreens = [{ path: '/x', screen: load }];"),
    ).toThrow(/unreadable entry/);
  });
});
