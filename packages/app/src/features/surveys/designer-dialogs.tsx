import type { SurveyTree } from '@anaquel/api';
import { ConfirmDialog, Modal, SurveyPreview } from '@anaquel/ui';
import { DESIGNER_TEXTS, type DesignerDialog, type ItemMutations } from './designer-actions';
import { DuplicateSurveyModal } from './duplicate-survey-modal';
import { OptionFormModal } from './option-form';
import { QuestionFormModal } from './question-form';
import { SegmentFormModal } from './segment-form';

export interface DesignerDialogsProps {
  dialog: DesignerDialog | null;
  survey: SurveyTree | undefined;
  mutations: ItemMutations;
  onClose: () => void;
}

/** The one dialog the designer has open: a form, a delete confirmation, the copy or the preview. */
export function DesignerDialogs({ dialog, survey, mutations, onClose }: DesignerDialogsProps) {
  const onOpenChange = (isOpen: boolean) => !isOpen && onClose();
  switch (dialog?.kind) {
    case 'segment':
      return <SegmentFormModal target={dialog.target} isOpen onOpenChange={onOpenChange} />;
    case 'question':
      return <QuestionFormModal target={dialog.target} isOpen onOpenChange={onOpenChange} />;
    case 'option':
      return (
        <OptionFormModal target={dialog.target} tree={survey} isOpen onOpenChange={onOpenChange} />
      );
    case 'delete': {
      const { resource, id } = dialog;
      return (
        <ConfirmDialog
          isOpen
          onOpenChange={onOpenChange}
          title={DESIGNER_TEXTS[resource].deleteTitle}
          message={DESIGNER_TEXTS[resource].confirmDelete}
          confirmLabel="Eliminar"
          isPending={mutations[resource].isPending}
          onConfirm={() => {
            void mutations[resource].remove(id).then(onClose);
          }}
        />
      );
    }
    case 'duplicate':
      return survey ? (
        <DuplicateSurveyModal survey={survey} isOpen onOpenChange={onOpenChange} />
      ) : null;
    case 'preview':
      return survey ? (
        <Modal title={`Vista previa: ${survey.name}`} size="xl" isOpen onOpenChange={onOpenChange}>
          <p className="mb-3 text-sm text-fg-muted">
            Responde como lo haría un promotor. Nada de lo que respondas aquí se guarda.
          </p>
          <SurveyPreview survey={survey} />
        </Modal>
      ) : null;
    default:
      return null;
  }
}
