import { describe, expect, it } from 'vitest';
import { sortSegmentItems } from './segment-items';

describe('sortSegmentItems', () => {
  it('merges questions and sub-segments by order', () => {
    const items = sortSegmentItems(
      [
        { id: 'q2', order: 2 },
        { id: 'q0', order: 0 },
      ],
      [
        { id: 's1', order: 1 },
        { id: 's3', order: 3 },
      ],
    );
    expect(items.map((i) => `${i.kind}:${i.item.id}`)).toEqual([
      'question:q0',
      'segment:s1',
      'question:q2',
      'segment:s3',
    ]);
  });

  it('puts questions before segments on equal order and keeps ties stable', () => {
    const items = sortSegmentItems(
      [
        { id: 'a', order: 1 },
        { id: 'b', order: 1 },
      ],
      [{ id: 's', order: 1 }],
    );
    expect(items.map((i) => i.item.id)).toEqual(['a', 'b', 's']);
  });

  it('is empty for an empty segment', () => {
    expect(sortSegmentItems([], [])).toEqual([]);
  });
});
