import type { Key } from 'react-aria-components';
import type { GalleryImage } from '../image-gallery';

// Minimal structural shapes: the app maps the API's survey payloads onto them.

/** A multiple-choice option as the designer shows it. */
export interface SurveyOptionView {
  /** Option id. */
  id: Key;
  /** Position within its question (0-based). */
  order: number;
  /** Option text. */
  description: string;
  /** Points awarded when chosen. */
  points: number;
  /** Whether this is the free-text extra option ('Otro'). */
  isOther?: boolean;
  /** Skip logic: segments hidden when this option is chosen. */
  blurredSegmentIds?: readonly Key[] | null;
  /** Skip logic: questions hidden when this option is chosen. */
  blurredQuestionIds?: readonly Key[] | null;
}

/** A question as the designer shows it. */
export interface SurveyQuestionView {
  /** Question id. */
  id: Key;
  /** Position within its segment, shared with sub-segments (0-based). */
  order: number;
  /** Question type (0 Text .. 12 Rating). */
  type: number;
  /** Question text. */
  description: string;
  /** Points of the question. */
  points: number;
  /** Accepts 'no aplica'. */
  acceptsNA?: boolean;
  /** May be left unanswered. */
  isOptional?: boolean;
  /** Asks for a photo. */
  hasPhoto?: boolean;
  /** Offers a free-text extra option. */
  hasOther?: boolean;
  /** Option limit for types 7, 8 and 9. */
  multipleOptionsCount?: number | null;
  /** Server-computed validity; false shows the warning with `errors`. */
  isValid?: boolean;
  /** Validation errors computed by the server. */
  errors?: readonly string[];
}

/** A segment as the designer shows it. */
export interface SurveySegmentView {
  /** Segment id. */
  id: Key;
  /** Position within its parent (0-based). */
  order: number;
  /** Segment name; empty shows 'Segmento sin nombre'. */
  name?: string | null;
  /** Optional description. */
  description?: string | null;
  /** Points of the segment. */
  points: number;
  /** Server-computed validity; false shows the warning with `errors`. */
  isValid?: boolean;
  /** Validation errors computed by the server. */
  errors?: readonly string[];
}

/** An option chosen in an answer. */
export interface SelectedOptionView {
  /** Option id. */
  id: Key;
  /** Option text. */
  description: string;
  /** Points it gave. */
  points: number;
  /** Whether it is the extra option; its text is `otherText` (or the answer's `textValue`). */
  isOther?: boolean;
  /** Likert level 1..5 of the statement, or Ranking position 1..n. */
  value?: number | null;
  /** What was written for the extra option 'Otro'. */
  otherText?: string | null;
}

/** One answered question of a check-in survey result. */
export interface QuestionAnswerView {
  /** Answer id. */
  id: Key;
  /** Question text. */
  question: string;
  /** Question type (0 Text .. 12 Rating). */
  type: number;
  /** Answered 'no aplica' (shown as 'N/A'). */
  isNa?: boolean;
  /** Text answer, or the text of the extra option. */
  textValue?: string | null;
  /** Integer answer. */
  intValue?: number | null;
  /** Decimal answer. */
  decimalValue?: number | null;
  /** Date answer ('YYYY-MM-DD' or ISO timestamp). */
  dateValue?: string | null;
  /** Chosen options (choice, yes/no and ranking types), in answer order. */
  selectedOptions?: readonly SelectedOptionView[] | null;
  /** Points obtained. */
  points: number;
  /** Photos: URLs, or full and thumbnail URLs (the app turns file ids into `galleryImage`s). */
  photoUrls?: readonly GalleryImage[] | null;
}

/** A segment of a check-in survey result, with its nested segments. */
export interface ResultSegmentView {
  /** Segment id. */
  id: Key;
  /** Segment name. */
  segment: string;
  /** Points obtained in the segment. */
  points: number;
  /** Answered questions. */
  questions: readonly QuestionAnswerView[];
  /** Answered sub-segments. */
  segments: readonly ResultSegmentView[];
}

/** A question of the designer tree, with its options. */
export interface SurveyTreeQuestion extends SurveyQuestionView {
  /** Its options in any order (shown sorted by `order`). */
  multipleOptions?: readonly SurveyOptionView[] | null;
}

/** A segment of the designer tree: its questions and sub-segments share one order. */
export interface SurveyTreeSegment extends SurveySegmentView {
  /** Parent segment id; null/undefined for a top-level segment. */
  parentId?: Key | null;
  /** Its questions. */
  questions?: readonly SurveyTreeQuestion[] | null;
  /** Its sub-segments. */
  children?: readonly SurveyTreeSegment[] | null;
}

/** A whole questionnaire as the designer and the preview show it. */
export interface SurveyTreeView {
  /** Survey id. */
  id: Key;
  /** Survey name. */
  name: string;
  /** Optional description. */
  description?: string | null;
  /** Total points. */
  points: number;
  /** Server-computed validity; false shows 'Este cuestionario tiene errores de validación:'. */
  isValid?: boolean;
  /** Validation errors computed by the server. */
  errors?: readonly string[];
  /** Top-level segments. */
  segments: readonly SurveyTreeSegment[];
}
