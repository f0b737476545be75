import { CheckCircleIcon, Link } from '@anaquel/ui';
import { FieldFrame } from '../field-frame';
import type { VisitHandle } from './use-visit';
import { PhotoPicker } from './photo-picker';
import { surveysProgress, type SurveyProgress } from './visit-rules';
import type { VisitSurvey } from './visit-surveys';

type Ready = Extract<VisitHandle, { status: 'ready' }>;

export interface VisitOverviewProps {
  handle: Ready;
  targets: VisitSurvey[];
  listHref: string;
  surveyHref: (key: string) => string;
  checkOutHref: string;
}

/** 'Sin empezar', 'Completo' or how many questions still need attention. */
function progressText({ state }: SurveyProgress): string {
  if (!state) return 'Sin empezar';
  const pending = state.errors.size;
  if (pending === 0) return 'Completo';
  return pending === 1 ? '1 pregunta pendiente' : `${pending} preguntas pendientes`;
}

/** The visit's page: where it is, its surveys with their progress, its photos, the check-out. */
export function VisitOverview({
  handle,
  targets,
  listHref,
  surveyHref,
  checkOutHref,
}: VisitOverviewProps) {
  const { visit, work, update } = handle;
  const place = work?.data.pointsOfSale.find((p) => p.id === visit.pointOfSaleId);
  const campaign = work?.data.campaigns.find((c) => c.id === visit.campaignId);
  const progress = surveysProgress(visit, targets);
  return (
    <FieldFrame backHref={listHref} backLabel="Volver a la lista">
      <div>
        <h1 className="text-xl font-semibold">{place?.name ?? 'Visita'}</h1>
        {campaign && <p className="text-sm text-fg-muted">{campaign.name}</p>}
      </div>
      <section aria-labelledby="visit-surveys" className="flex flex-col gap-2">
        <h2 id="visit-surveys" className="text-lg font-semibold">
          Cuestionarios
        </h2>
        {progress.length === 0 ? (
          <p className="text-sm text-fg-muted">Esta campaña no tiene cuestionarios.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {progress.map((p) => (
              <SurveyRow key={p.target.key} progress={p} href={surveyHref(p.target.key)} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="visit-photos" className="flex flex-col gap-2">
        <h2 id="visit-photos" className="text-lg font-semibold">
          Fotos de la visita
        </h2>
        <PhotoPicker
          label="Tomar foto de la visita"
          photoKeys={visit.photoKeys}
          photoUrl={handle.photoUrl}
          onTake={async (file) => {
            const key = await handle.addPhoto(file);
            await update((v) => ({ ...v, photoKeys: [...v.photoKeys, key] }));
          }}
          onRemove={(key) =>
            void update((v) => ({ ...v, photoKeys: v.photoKeys.filter((k) => k !== key) }))
          }
        />
      </section>
      <Link href={checkOutHref} variant="primary" className="min-h-12 w-full text-base">
        Registrar salida
      </Link>
    </FieldFrame>
  );
}

function SurveyRow({ progress, href }: { progress: SurveyProgress; href: string }) {
  const { target, state } = progress;
  const done = state !== null && state.errors.size === 0;
  const name = target.product
    ? `${target.survey.name}: ${target.product.name}`
    : target.survey.name;
  return (
    <li className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{name}</p>
        <p className="flex items-center gap-1 text-sm text-fg-muted">
          {done && <CheckCircleIcon className="size-4 text-success" />}
          {progressText(progress)}
        </p>
      </div>
      <Link
        href={href}
        variant="secondary"
        className="min-h-12 text-base"
        aria-label={`${state ? 'Continuar' : 'Responder'} ${name}`}
      >
        {state ? 'Continuar' : 'Responder'}
      </Link>
    </li>
  );
}
