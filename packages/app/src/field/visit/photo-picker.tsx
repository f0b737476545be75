import { buttonStyles, Button, ImageIcon, TrashIcon } from '@anaquel/ui';
import { useEffect, useId, useState } from 'react';

/** Below this much free space a photo may not fit: the promoter is warned before taking one. */
const LOW_STORAGE_BYTES = 20 * 1024 * 1024;

/** Whether the browser says the origin's storage is nearly full (unknown counts as not). */
function useLowStorage(photoCount: number): boolean {
  const [low, setLow] = useState(false);
  useEffect(() => {
    let current = true;
    void navigator.storage
      ?.estimate?.()
      .then(({ quota, usage }) => {
        if (current && quota !== undefined && usage !== undefined) {
          setLow(quota - usage < LOW_STORAGE_BYTES);
        }
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [photoCount]);
  return low;
}

export interface PhotoPickerProps {
  /** The button's text ('Tomar foto', 'Tomar foto de la visita'). */
  label: string;
  /** Device keys of the photos taken, in order. */
  photoKeys: readonly string[];
  /** A photo's address on the device (an object URL), when loaded. */
  photoUrl: (key: string) => string | undefined;
  /** Reduces and stores a camera file; the caller keeps its key. */
  onTake: (file: File) => Promise<void>;
  onRemove: (key: string) => void;
  isDisabled?: boolean;
}

/**
 * Photos from the phone's back camera (`capture=environment`), with their thumbnails and
 * 'Quitar'. The file input is the control (a label styled as a button), so the camera opens on a
 * tap and tests can hand it files.
 */
export function PhotoPicker({
  label,
  photoKeys,
  photoUrl,
  onTake,
  onRemove,
  isDisabled,
}: PhotoPickerProps) {
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const lowStorage = useLowStorage(photoKeys.length);
  return (
    <div className="flex flex-col gap-2">
      {photoKeys.length > 0 && (
        <ul aria-label="Fotos" className="flex flex-wrap gap-2">
          {photoKeys.map((key, index) => (
            <li key={key} className="flex flex-col items-center gap-1">
              <img
                src={photoUrl(key)}
                alt={`Foto ${index + 1}`}
                className="size-20 rounded-lg border border-border object-cover"
              />
              <Button
                variant="ghost"
                className="min-h-11"
                aria-label={`Quitar foto ${index + 1}`}
                onPress={() => onRemove(key)}
                isDisabled={isDisabled}
              >
                <TrashIcon className="size-4" />
                Quitar
              </Button>
            </li>
          ))}
        </ul>
      )}
      <label
        htmlFor={inputId}
        className={buttonStyles({
          variant: 'secondary',
          isDisabled: isDisabled || busy,
          className: 'min-h-12 w-full text-base focus-within:outline-2 focus-within:outline-focus',
        })}
      >
        <ImageIcon className="size-5" />
        {busy ? 'Guardando foto…' : label}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          disabled={isDisabled || busy}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (!file) return;
            setBusy(true);
            setProblem(null);
            onTake(file)
              .catch(() => setProblem('No se pudo guardar la foto. Intenta tomarla de nuevo.'))
              .finally(() => setBusy(false));
          }}
        />
      </label>
      {lowStorage && (
        <p role="status" className="rounded-lg bg-warning-soft p-2 text-sm text-warning-soft-fg">
          El teléfono tiene poco espacio: envía las visitas pendientes antes de tomar más fotos.
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}
