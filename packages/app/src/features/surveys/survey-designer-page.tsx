import { surveyTreeQueryOptions, type SurveyTree } from '@anaquel/api';
import {
  ArrowLeftIcon,
  Button,
  EyeIcon,
  InfoIcon,
  LayersIcon,
  Link,
  SurveyDesigner,
} from '@anaquel/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { parseRouteId } from '../../components/resource';
import { useAuthStore } from '../../stores/auth-store';
import { designerActions, useDesignerMutations, type DesignerDialog } from './designer-actions';
import { DesignerDialogs } from './designer-dialogs';

const NONE: readonly string[] = [];

/** The in-use note, with 'Duplicar cuestionario' for whoever may create surveys. */
function InUseBanner({ onDuplicate }: { onDuplicate: (() => void) | undefined }) {
  return (
    <div
      role="note"
      className="m-0 flex flex-wrap items-center gap-2 rounded-lg border border-info/40 bg-info-soft px-3 py-2 text-sm text-info-soft-fg"
    >
      <InfoIcon className="size-4 shrink-0" />
      <p className="m-0 flex-1">
        El cuestionario ya tiene respuestas registradas; duplícalo para modificarlo.
      </p>
      {onDuplicate && (
        <Button variant="secondary" size="sm" onPress={onDuplicate}>
          <LayersIcon className="size-4" />
          Duplicar cuestionario
        </Button>
      )}
    </div>
  );
}

/**
 * The survey designer `/surveys/:surveyId` (spec 2 §2): the tree from `GET surveys/{id}` with the
 * server's validity, every change in a modal or a one-step move, each followed by a refetch of
 * the tree in place (no reload, the scroll stays), and a preview that saves nothing.
 */
export default function SurveyDesignerPage() {
  const { surveyId } = useParams();
  const id = parseRouteId(surveyId);
  const tree = useQuery({ ...surveyTreeQueryOptions(id ?? 0), enabled: id !== null });
  const permissions = useAuthStore((s) => s.user?.permissions ?? NONE);
  const can = (code: string) => permissions.includes(code);

  const [dialog, setDialog] = useState<DesignerDialog | null>(null);
  // A new key per opening gives every opening a fresh form.
  const [dialogKey, setDialogKey] = useState(0);
  const open = (next: DesignerDialog) => {
    setDialogKey((k) => k + 1);
    setDialog(next);
  };
  const close = () => setDialog(null);

  const { mutations, isBusy } = useDesignerMutations();
  const survey: SurveyTree | undefined = tree.data;
  // A survey in use (docs/surveys.md 'In use') is read-only; its banner offers the copy.
  const inUse = Boolean(survey?.firstAnswerAt);
  const status = id === null ? 'invalid-id' : tree.isError ? 'error' : survey ? 'ready' : 'loading';
  const toolbar = (
    <>
      <Link href="/surveys" variant="ghost" className="h-8 px-3">
        <ArrowLeftIcon className="size-4" />
        Cuestionarios
      </Link>
      {survey && (
        <Button variant="secondary" size="sm" onPress={() => open({ kind: 'preview' })}>
          <EyeIcon className="size-4" />
          Vista previa
        </Button>
      )}
    </>
  );

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      {status !== 'ready' && <div className="flex flex-wrap gap-2">{toolbar}</div>}
      {inUse && (
        <InUseBanner
          onDuplicate={can('CREATE_SURVEYS') ? () => open({ kind: 'duplicate' }) : undefined}
        />
      )}
      <SurveyDesigner
        status={status}
        survey={survey}
        isBusy={isBusy}
        toolbar={status === 'ready' ? toolbar : undefined}
        {...designerActions(survey, { can, open, mutations })}
      />
      <DesignerDialogs
        key={dialogKey}
        dialog={dialog}
        survey={survey}
        mutations={mutations}
        onClose={close}
      />
    </div>
  );
}
