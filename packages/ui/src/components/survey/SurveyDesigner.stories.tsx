import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { OptionRow } from './OptionRow';
import { QuestionBlock } from './QuestionBlock';
import { QuestionType } from './question-types';
import { SegmentCard } from './SegmentCard';
import { sortSegmentItems } from './segment-items';
import type { SurveyOptionView, SurveyQuestionView, SurveySegmentView } from './types';

interface Question extends SurveyQuestionView {
  options: SurveyOptionView[];
}
interface Segment extends SurveySegmentView {
  questions: Question[];
  children: Segment[];
}

const actions = {
  onMoveUp: fn(),
  onMoveDown: fn(),
  onEdit: fn(),
  onDelete: fn(),
  onAddQuestion: fn(),
  onAddSegment: fn(),
  onAddOption: fn(),
};

const survey: Segment = {
  id: 1,
  order: 0,
  name: 'Exhibición en anaquel',
  description: 'Revisa el acomodo del producto en el anaquel principal.',
  points: 60,
  isValid: false,
  errors: ['La suma de puntos de las preguntas (55) no coincide con la del segmento (60).'],
  questions: [
    {
      id: 11,
      order: 0,
      type: QuestionType.YesNo,
      description: '¿El producto está al frente del anaquel?',
      points: 10,
      hasPhoto: true,
      options: [
        { id: 111, order: 0, description: 'Sí', points: 10 },
        { id: 112, order: 1, description: 'No', points: 0 },
      ],
    },
    {
      id: 12,
      order: 2,
      type: QuestionType.MaxChoicesCount,
      description: '¿Qué materiales promocionales hay en el punto de venta?',
      points: 25,
      multipleOptionsCount: 2,
      hasOther: true,
      options: [
        { id: 121, order: 0, description: 'Cenefa', points: 10 },
        { id: 122, order: 1, description: 'Exhibidor de piso', points: 12.5 },
        { id: 123, order: 2, description: 'Otro', points: 2.5, isOther: true },
      ],
    },
    {
      id: 13,
      order: 3,
      type: QuestionType.Decimal,
      description: 'Precio observado del producto',
      points: 20,
      isOptional: true,
      isValid: false,
      errors: ['Una pregunta de tipo Decimal no puede tener puntos si es opcional.'],
      options: [],
    },
  ],
  children: [
    {
      id: 2,
      order: 1,
      name: '',
      points: 0,
      questions: [],
      children: [],
    },
  ],
};

function QuestionView({
  question,
  isFirst,
  isLast,
}: {
  question: Question;
  isFirst: boolean;
  isLast: boolean;
}) {
  const choice = question.options.length > 0;
  return (
    <QuestionBlock
      question={question}
      isFirst={isFirst}
      isLast={isLast}
      onMoveUp={actions.onMoveUp}
      onMoveDown={actions.onMoveDown}
      onEdit={actions.onEdit}
      onDelete={actions.onDelete}
      onAddOption={choice ? actions.onAddOption : undefined}
    >
      {choice &&
        question.options.map((option, i) => (
          <OptionRow
            key={option.id}
            option={option}
            isFirst={i === 0}
            isLast={i === question.options.length - 1}
            onMoveUp={actions.onMoveUp}
            onMoveDown={actions.onMoveDown}
            onEdit={actions.onEdit}
            // Yes/No options are locked: they cannot be deleted (spec 2 §5).
            onDelete={question.type === QuestionType.YesNo ? undefined : actions.onDelete}
          />
        ))}
    </QuestionBlock>
  );
}

function SegmentView({
  segment,
  level,
  isFirst,
  isLast,
}: {
  segment: Segment;
  level: number;
  isFirst: boolean;
  isLast: boolean;
}) {
  const sorted = sortSegmentItems(segment.questions, segment.children);
  const items = sorted.map((entry, i) => ({
    key: `${entry.kind}-${entry.item.id}`,
    order: entry.order,
    node:
      entry.kind === 'question' ? (
        <QuestionView question={entry.item} isFirst={i === 0} isLast={i === sorted.length - 1} />
      ) : (
        <SegmentView
          segment={entry.item}
          level={level + 1}
          isFirst={i === 0}
          isLast={i === sorted.length - 1}
        />
      ),
  }));
  return (
    <SegmentCard
      segment={segment}
      items={items}
      headingLevel={level}
      isFirst={isFirst}
      isLast={isLast}
      onMoveUp={actions.onMoveUp}
      onMoveDown={actions.onMoveDown}
      onEdit={actions.onEdit}
      onDelete={actions.onDelete}
      onAddQuestion={actions.onAddQuestion}
      onAddSegment={actions.onAddSegment}
    />
  );
}

const meta = {
  title: 'Encuestas/Diseñador',
  component: SegmentView,
  args: { segment: survey, level: 2, isFirst: true, isLast: false },
} satisfies Meta<typeof SegmentView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(
      canvas.getByRole('group', { name: 'Este segmento tiene errores de validación:' }),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Segmento sin nombre' })).toBeVisible();
    await expect(canvas.getByText('No hay preguntas ni segmentos aún.')).toBeVisible();
    // The outer segment is first (no 'Subir'); the nested one is neither first nor last.
    await expect(canvas.getAllByRole('button', { name: 'Subir segmento' })).toHaveLength(1);
    await expect(canvas.getAllByRole('button', { name: 'Bajar segmento' })).toHaveLength(2);
    await userEvent.click(canvas.getAllByRole('button', { name: /^Agregar pregunta/ })[1]!);
    await expect(actions.onAddQuestion).toHaveBeenCalledWith(1);
  },
};

export const EmptySegment: Story = {
  args: {
    segment: { ...survey, isValid: true, errors: [], questions: [], children: [] },
    isLast: true,
  },
};

export const Collapsed: Story = {
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Exhibición en anaquel' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
