import type { components } from '@anaquel/api/schema';
import { Checkbox, QuestionInput, type PreviewAnswer } from '@anaquel/ui';
import { useId } from 'react';
import { PhotoPicker } from './photo-picker';

type QuestionNode = components['schemas']['QuestionNode'];

export interface FieldQuestionProps {
  question: QuestionNode;
  /** What the input holds (from the stored answer). */
  answer: PreviewAnswer | undefined;
  photoKeys: readonly string[];
  /** The engine's Spanish messages to show for it (none until it is touched or checked). */
  errors: readonly string[];
  headingLevel: number;
  onChange: (answer: PreviewAnswer) => void;
  onTakePhoto: (file: File) => Promise<void>;
  onRemovePhoto: (key: string) => void;
  photoUrl: (key: string) => string | undefined;
  /**
   * Off screen, the browser skips its layout and paint (`content-visibility: auto`, sized as last
   * rendered): in a survey of hundreds of questions an answer costs the layout of the few on
   * screen; every question stays in the accessibility tree, find-in-page and the tab order.
   */
  skipOffscreen?: boolean;
}

/**
 * One question as a promoter answers it: its text ('obligatoria' when required), the ui's input
 * for its type (the designer's preview uses the same), 'No aplica' where accepted, the camera
 * where the question asks for photos, and the engine's messages.
 */
export function FieldQuestion({
  question,
  answer,
  photoKeys,
  errors,
  headingLevel,
  onChange,
  onTakePhoto,
  onRemovePhoto,
  photoUrl,
  skipOffscreen = false,
}: FieldQuestionProps) {
  const headingId = useId();
  const errorId = useId();
  const Heading = `h${Math.min(6, headingLevel)}` as 'h3';
  const na = Boolean(answer?.na && question.acceptsNA);
  return (
    <section
      aria-labelledby={headingId}
      aria-describedby={errors.length > 0 ? errorId : undefined}
      className={`flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 ${skipOffscreen ? '[contain-intrinsic-size:auto_14rem] [content-visibility:auto]' : ''}`}
    >
      <Heading id={headingId} className="m-0 text-base font-semibold break-words">
        {question.description}
        {!question.isOptional && (
          <span className="text-sm font-normal text-fg-muted"> (obligatoria)</span>
        )}
      </Heading>
      <QuestionInput question={question} answer={answer} onChange={onChange} />
      {question.acceptsNA && (
        <Checkbox isSelected={na} onChange={(value) => onChange({ ...answer, na: value })}>
          No aplica
        </Checkbox>
      )}
      {question.hasPhoto && !na && (
        <PhotoPicker
          label="Tomar foto"
          photoKeys={photoKeys}
          photoUrl={photoUrl}
          onTake={onTakePhoto}
          onRemove={onRemovePhoto}
        />
      )}
      {errors.length > 0 && (
        <ul id={errorId} className="flex flex-col gap-1 text-sm text-danger">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
