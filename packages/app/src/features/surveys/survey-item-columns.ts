import type { DataTableColumnDef } from '@anaquel/ui';
import { textColumn } from '../../components/resource';

/**
 * The columns of a survey item's list (segments, questions, options): its survey first, since a
 * survey and its copy have identical rows otherwise (issue #20). Call it at module level: the
 * list page wants a stable array.
 */
export function surveyItemColumns<Row extends { surveyName: string }>(
  ...columns: DataTableColumnDef<Row>[]
): DataTableColumnDef<Row>[] {
  return [textColumn<Row>('surveyName', 'Cuestionario'), ...columns];
}
