import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from '../test/match-media';
import { useViewport } from './use-media-query';

describe('useViewport (spec 1 §9 breakpoints)', () => {
  it.each([
    [375, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [1920, 'desktop'],
  ])('%i px is %s', (width, viewport) => {
    setViewportWidth(width);
    const { result } = renderHook(() => useViewport());
    expect(result.current).toBe(viewport);
  });

  it('follows resizes live', () => {
    setViewportWidth(1280);
    const { result } = renderHook(() => useViewport());
    act(() => setViewportWidth(800));
    expect(result.current).toBe('tablet');
    act(() => setViewportWidth(500));
    expect(result.current).toBe('mobile');
  });
});
