import { formatDateTime, formatDurationMinutes, formatPoints, type DateInput } from '../../format';

export interface SurveyResultHeaderProps {
  /** Survey name. */
  survey: string;
  /** Product name, when the survey was about a product. */
  product?: string | null;
  /** When answering started. */
  startDate: DateInput;
  /** When answering ended. */
  endDate: DateInput;
  /** Points obtained. */
  answerPoints: number;
  /** Points the survey is worth. */
  surveyPoints: number;
}

/**
 * Summary of a check-in survey result (spec 1 §2): survey, product if any, the period with its
 * duration in minutes and the total as 'answerPoints de surveyPoints puntos'.
 */
export function SurveyResultHeader({
  survey,
  product,
  startDate,
  endDate,
  answerPoints,
  surveyPoints,
}: SurveyResultHeaderProps) {
  const duration = formatDurationMinutes(startDate, endDate);
  const rows: [string, string][] = [
    ['Cuestionario', survey],
    ...(product ? ([['Producto', product]] as [string, string][]) : []),
    [
      'Periodo',
      `${formatDateTime(startDate)} – ${formatDateTime(endDate)}${duration ? ` (${duration})` : ''}`,
    ],
    ['Puntaje', `${formatPoints(answerPoints)} de ${formatPoints(surveyPoints)} puntos`],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-border bg-surface p-4 sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-medium text-fg-muted">{term}</dt>
          <dd className="m-0 text-sm text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
