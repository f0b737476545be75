import type { SyncPointOfSale } from '@anaquel/api';
import { AlertTriangleIcon, Button, ConfirmDialog, Link, MapPinIcon } from '@anaquel/ui';
import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { FieldFrame } from '../field-frame';
import { visitHref } from '../field-paths';
import { formatDistance } from '../today/distance';
import { addressOf, type PlaceCampaign } from '../today/today-list';
import type { PositionState } from '../use-position';
import { checkInPlacement, FAR_FROM_POINT_M, type CheckInPlacement } from './check-in-rules';

export interface CheckInScreenProps {
  pointOfSale: SyncPointOfSale;
  /** Today's campaigns at this point of sale, with this device's visits of them. */
  campaigns: PlaceCampaign[];
  position: PositionState;
  /** Stores the check-in (or 'No disponible') of `campaignId`; the caller then leaves. */
  onCheckIn: (campaignId: number, unavailable: boolean) => Promise<void>;
  /** Where 'Volver a la lista' goes. */
  listHref: string;
}

/** The check-in at a point of sale: where the promoter stands, then arrival or 'No disponible'. */
export function CheckInScreen({
  pointOfSale,
  campaigns,
  position,
  onCheckIn,
  listHref,
}: CheckInScreenProps) {
  const open = campaigns.filter((c) => c.visit === null);
  const [campaignId, setCampaignId] = useState<number | null>(open[0]?.campaignId ?? null);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState<'arrival' | 'unavailable' | null>(null);
  const placement = checkInPlacement(pointOfSale, position);

  const save = (unavailable: boolean) => {
    if (campaignId === null) return;
    setSaving(unavailable ? 'unavailable' : 'arrival');
    void onCheckIn(campaignId, unavailable).finally(() => setSaving(null));
  };

  return (
    <FieldFrame backHref={listHref} backLabel="Volver a la lista">
      <div>
        <h1 className="text-xl font-semibold">{pointOfSale.name}</h1>
        <p className="text-sm text-fg-muted">
          <span className="font-mono text-fg">{pointOfSale.code}</span> · {addressOf(pointOfSale)}
        </p>
      </div>
      {campaigns.map(({ campaignId: id, name, visit }) =>
        visit?.state === 'draft' ? (
          <Link
            key={id}
            href={visitHref(visit.uuid)}
            variant="primary"
            className="min-h-12 w-full text-base"
          >
            Continuar la visita de {name}
          </Link>
        ) : null,
      )}
      {open.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface p-4" role="status">
          Ya registraste hoy las visitas de este punto de venta.
        </p>
      ) : (
        <>
          <CampaignChoice campaigns={campaigns} value={campaignId} onChange={setCampaignId} />
          <PlacementNote placement={placement} locating={position.status === 'locating'} />
          <div className="flex flex-col gap-3">
            <Button
              className="min-h-12 w-full text-base"
              onPress={() => save(false)}
              isPending={saving === 'arrival'}
              isDisabled={campaignId === null || saving !== null}
            >
              Registrar llegada
            </Button>
            <Button
              variant="secondary"
              className="min-h-12 w-full text-base"
              onPress={() => setConfirming(true)}
              isDisabled={campaignId === null || saving !== null}
            >
              No disponible
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title="Punto de venta no disponible"
        message={`¿Registrar que no se pudo visitar ${pointOfSale.name}? La visita se enviará sin cuestionarios.`}
        confirmLabel="Registrar no disponible"
        variant="primary"
        isPending={saving === 'unavailable'}
        onConfirm={() => save(true)}
      />
    </FieldFrame>
  );
}

function CampaignChoice({
  campaigns,
  value,
  onChange,
}: {
  campaigns: PlaceCampaign[];
  value: number | null;
  onChange: (campaignId: number) => void;
}) {
  return (
    <RadioGroup
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(Number(id))}
      className="flex flex-col gap-2"
    >
      <Label className="text-sm font-medium">Campaña</Label>
      {campaigns.map(({ campaignId, name, visit }) => (
        <Radio
          key={campaignId}
          value={String(campaignId)}
          isDisabled={visit !== null}
          className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-border bg-surface px-4 text-base data-disabled:cursor-not-allowed data-disabled:text-fg-muted data-focus-visible:outline-2 data-focus-visible:outline-focus data-selected:border-brand"
        >
          {({ isSelected }) => (
            <>
              <span
                aria-hidden
                className={`flex size-5 shrink-0 items-center justify-center rounded-full border-2 ${isSelected ? 'border-brand' : 'border-border-strong'}`}
              >
                {isSelected && <span className="size-2.5 rounded-full bg-brand" />}
              </span>
              <span className="flex-1">{name}</span>
              {visit && <span className="text-sm">(registrada hoy)</span>}
            </>
          )}
        </Radio>
      ))}
    </RadioGroup>
  );
}

/** Where the promoter stands against the point of sale: a warning, never a block (issue #22). */
function PlacementNote({
  placement,
  locating,
}: {
  placement: CheckInPlacement;
  locating: boolean;
}) {
  const far = `${formatDistance(FAR_FROM_POINT_M)}`;
  const warning = placement.kind === 'far' || placement.kind === 'imprecise';
  let text: string;
  switch (placement.kind) {
    case 'near':
      text = `Estás a ${formatDistance(placement.distance)} del punto de venta.`;
      break;
    case 'far':
      text = `Estás a ${formatDistance(placement.distance)} del punto de venta, a más de ${far}. Revisa que sea el lugar correcto; puedes registrar la llegada de todos modos.`;
      break;
    case 'imprecise':
      text = `Tu ubicación es poco precisa (±${formatDistance(placement.accuracy)}): no se puede confirmar que estés en el punto de venta. Puedes registrar la llegada de todos modos.`;
      break;
    case 'unmapped':
      text = 'El punto de venta no tiene coordenadas: se guardará tu ubicación con la visita.';
      break;
    case 'unknown':
      text = locating
        ? 'Buscando tu ubicación…'
        : 'Sin ubicación: la llegada se registrará sin coordenadas.';
      break;
  }
  return (
    <p
      role="status"
      className={`flex items-start gap-2 rounded-xl border p-4 text-sm ${warning ? 'border-warning bg-warning-soft text-warning-soft-fg' : 'border-border bg-surface text-fg'}`}
    >
      {warning ? (
        <AlertTriangleIcon className="mt-0.5 size-5 shrink-0" />
      ) : (
        <MapPinIcon className="mt-0.5 size-5 shrink-0" />
      )}
      {text}
    </p>
  );
}
