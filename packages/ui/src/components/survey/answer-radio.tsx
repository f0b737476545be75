import type { ReactNode } from 'react';
import { Label as RACLabel, Radio, RadioGroup, composeRenderProps } from 'react-aria-components';
import { tv, twMerge } from 'tailwind-variants';
import { focusRing } from '../../lib/styles';

const radioCircle = tv({
  extend: focusRing,
  base: 'flex size-5 shrink-0 items-center justify-center rounded-full border-2 transition-colors',
  variants: {
    isSelected: {
      false: 'border-border-strong bg-surface',
      true: 'border-brand bg-surface',
    },
    isDisabled: { true: 'border-border bg-surface-muted' },
  },
});

/** One choice of an AnswerRadioGroup. */
export function AnswerRadio({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Radio
      value={value}
      className={composeRenderProps('', (c) =>
        twMerge(
          'group inline-flex cursor-pointer items-center gap-2 text-sm text-fg data-disabled:cursor-not-allowed data-disabled:text-fg-muted',
          c,
        ),
      )}
    >
      {(state) => (
        <>
          <span className={radioCircle(state)}>
            {state.isSelected && <span className="size-2.5 rounded-full bg-brand" />}
          </span>
          {children}
        </>
      )}
    </Radio>
  );
}

/** A labelled radio group of one answer (one option, or one Likert statement's level). */
export function AnswerRadioGroup({
  label,
  value,
  onChange,
  isDisabled,
  orientation = 'vertical',
  children,
}: {
  label: ReactNode;
  value: string | null;
  onChange: (value: string) => void;
  isDisabled?: boolean;
  orientation?: 'vertical' | 'horizontal';
  children: ReactNode;
}) {
  return (
    <RadioGroup
      value={value}
      onChange={onChange}
      isDisabled={isDisabled}
      orientation={orientation}
      className="flex flex-col gap-1.5"
    >
      <RACLabel className="text-sm font-medium text-fg">{label}</RACLabel>
      <div
        className={
          orientation === 'vertical' ? 'flex flex-col gap-2' : 'flex flex-wrap gap-x-4 gap-y-2'
        }
      >
        {children}
      </div>
    </RadioGroup>
  );
}
