import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFERRED_RENDER_MIN_QUESTIONS } from './DeferredSegment';
import { SurveyDesigner } from './SurveyDesigner';
import type { SurveyTreeSegment, SurveyTreeView } from './types';

/** A survey of `segments` top-level segments of `questions` single-choice questions each. */
function survey(segments: number, questions: number): SurveyTreeView {
  let id = 0;
  const segmentList: SurveyTreeSegment[] = Array.from({ length: segments }, (_, s) => ({
    id: s + 1,
    order: s,
    name: `Segmento ${s + 1}`,
    points: questions,
    isValid: true,
    errors: [],
    children: [],
    questions: Array.from({ length: questions }, (_, q) => ({
      id: (id += 1),
      order: q,
      type: 5,
      description: `Pregunta ${s + 1}.${q + 1}`,
      points: 1,
      isValid: true,
      errors: [],
      multipleOptions: [
        { id: id * 10, order: 0, description: 'A', points: 1 },
        { id: id * 10 + 1, order: 1, description: 'B', points: 0 },
      ],
    })),
  }));
  return {
    id: 1,
    name: 'Grande',
    points: segments * questions,
    isValid: true,
    errors: [],
    segments: segmentList,
  };
}

/** An IntersectionObserver the test drives: `reveal(el)` reports `el` as near the viewport. */
let observed: { element: Element; callback: IntersectionObserverCallback }[] = [];
function reveal(name: string) {
  const region = screen.getByRole('region', { name });
  act(() => {
    for (const { element, callback } of observed.filter((o) => o.element === region)) {
      callback(
        [{ isIntersecting: true, target: element } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    }
  });
}

describe('SurveyDesigner on a large survey', { timeout: 20_000 }, () => {
  beforeEach(() => {
    observed = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(element: Element) {
          observed.push({ element, callback: this.callback });
        }
        disconnect() {
          observed = observed.filter((o) => o.callback !== this.callback);
        }
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('renders the first segment and lists the rest as named placeholders until near the viewport', () => {
    const questions = Math.ceil(DEFERRED_RENDER_MIN_QUESTIONS / 4);
    render(
      <SurveyDesigner status="ready" survey={survey(4, questions)} onEditSegment={() => {}} />,
    );
    const first = screen.getByRole('region', { name: 'Segmento 1' });
    expect(within(first).getAllByText(/^Pregunta /)).toHaveLength(questions);
    expect(within(first).getAllByRole('button', { name: 'Editar segmento' })).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Segmento 2' })).toHaveAttribute('aria-busy', 'true');
    const third = screen.getByRole('region', { name: 'Segmento 3' });
    expect(third).toHaveAttribute('aria-busy', 'true');
    expect(within(third).getByRole('heading', { level: 2, name: 'Segmento 3' })).toBeVisible();
    expect(within(third).queryByText(/^Pregunta /)).toBeNull();
    expect(third.style.minHeight).not.toBe('');

    reveal('Segmento 3');
    const shown = screen.getByRole('region', { name: 'Segmento 3' });
    expect(shown).not.toHaveAttribute('aria-busy');
    expect(within(shown).getAllByText(/^Pregunta /)).toHaveLength(questions);
    expect(within(shown).getByRole('button', { name: 'Editar segmento' })).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Segmento 4' })).toHaveAttribute('aria-busy', 'true');
  });

  it('keeps a rendered segment when the tree refreshes', () => {
    const questions = Math.ceil(DEFERRED_RENDER_MIN_QUESTIONS / 4);
    const { rerender } = render(<SurveyDesigner status="ready" survey={survey(4, questions)} />);
    reveal('Segmento 4');
    rerender(<SurveyDesigner status="ready" survey={survey(4, questions)} />);
    expect(screen.getByRole('region', { name: 'Segmento 4' })).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('region', { name: 'Segmento 3' })).toHaveAttribute('aria-busy', 'true');
  });

  it('renders a survey below the threshold whole', () => {
    const questions = Math.floor((DEFERRED_RENDER_MIN_QUESTIONS - 1) / 4);
    render(<SurveyDesigner status="ready" survey={survey(4, questions)} />);
    for (const name of ['Segmento 1', 'Segmento 2', 'Segmento 3', 'Segmento 4']) {
      const region = screen.getByRole('region', { name });
      expect(region).not.toHaveAttribute('aria-busy');
      expect(within(region).getAllByText(/^Pregunta /)).toHaveLength(questions);
    }
    expect(observed).toHaveLength(0);
  });
});
