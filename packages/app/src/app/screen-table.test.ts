import { describe, expect, it } from 'vitest';
import { privateScreens, screenAt, type ScreenRoute } from './screen-table';

const pathOf = (pathname: string) => screenAt(pathname)?.route.path ?? null;

describe('screenAt: the private screen at a URL path, matched as the router does', () => {
  it('finds fixed paths, case-insensitive, with or without a trailing slash', () => {
    expect(pathOf('/dashboard')).toBe('/dashboard');
    expect(pathOf('/Dashboard/')).toBe('/dashboard');
    expect(pathOf('/checkins')).toBe('/checkins');
    expect(pathOf('/login')).toBeNull();
    expect(pathOf('/')).toBeNull();
    expect(pathOf('/dashboard/otra')).toBeNull();
  });

  it('reads the params of a pattern, decoded', () => {
    expect(screenAt('/checkins/17/surveys/35')).toEqual({
      route: privateScreens.find((s) => s.path === '/checkins/:checkInId/surveys/:checkInSurveyId'),
      params: { checkInId: '17', checkInSurveyId: '35' },
    });
    expect(screenAt('/surveys/a%20b')?.params).toEqual({ surveyId: 'a b' });
    expect(screenAt('/surveys/%E0%A4%A')).toBeNull();
  });

  it('prefers a fixed segment to a param, whatever the table order', () => {
    const screen = async () => ({ default: () => null });
    const screens: ScreenRoute[] = [
      { path: '/surveys/:surveyId', title: 'Diseñador', screen },
      { path: '/surveys/new', title: 'Nuevo', screen },
    ];
    expect(screenAt('/surveys/new', screens)?.route.title).toBe('Nuevo');
    expect(screenAt('/surveys/4', screens)?.route.title).toBe('Diseñador');
  });
});
