import { QUESTION_TYPE, QUESTION_TYPES } from '@anaquel/api/rules';
import { QuestionType, isQuestionType, questionTypeLabel } from '@anaquel/ui';
import { describe, expect, it } from 'vitest';

// ui imports nothing of ours, so it keeps its own list of question types for its components and
// stories; the server takes them from @anaquel/api/rules. Both lists must say the same.
describe('question types in ui and in the contract rules', () => {
  it('label every type as the server does', () => {
    expect(QUESTION_TYPES.map((type) => questionTypeLabel(type.id))).toEqual(
      QUESTION_TYPES.map((type) => type.name),
    );
  });

  it('name the same ids', () => {
    expect(QuestionType).toEqual(QUESTION_TYPE);
  });

  it('know no type the server does not', () => {
    const ids = QUESTION_TYPES.map((type) => type.id);
    const known = Array.from({ length: 100 }, (_, id) => id - 50).filter(isQuestionType);
    expect(known).toEqual(ids);
  });
});
