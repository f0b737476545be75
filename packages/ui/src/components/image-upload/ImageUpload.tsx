import { useEffect, useId, useState } from 'react';
import { DropZone, FileTrigger, isFileDropItem, type DropItem } from 'react-aria-components';
import { twMerge } from 'tailwind-variants';
import { ImageIcon, TrashIcon, UploadIcon } from '../../icons';
import { Button } from '../button';
import { Label, fieldStackStyles, showsError, type FieldBaseProps } from '../field';

/** Why a chosen file was refused; shown under the field at once. */
export function imageFileProblem(file: File, maxSizeBytes?: number): string | null {
  if (!file.type.startsWith('image/')) return 'El archivo debe ser una imagen.';
  if (maxSizeBytes !== undefined && file.size > maxSizeBytes) {
    const mb = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 }).format(
      maxSizeBytes / 1_048_576,
    );
    return `La imagen no debe pesar más de ${mb} MB.`;
  }
  return null;
}

/** An object URL for a file, revoked when the file changes or the component unmounts. */
function useObjectUrl(file: File | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

export interface ImageUploadProps extends FieldBaseProps {
  /** The newly chosen file (the form value); null when none. */
  value?: File | null;
  /** Called with the chosen file, or null when it is removed. */
  onChange?: (file: File | null) => void;
  /** Called after each choice or removal, so react-hook-form marks the field as touched. */
  onBlur?: () => void;
  /** URL of the image already saved (e.g. productImageUrl), shown while no file is chosen. */
  currentUrl?: string | null;
  /** Called by 'Quitar imagen' when there is no new file but a saved image; omit to keep it. */
  onRemoveCurrent?: () => void;
  /** Largest accepted file in bytes. */
  maxSizeBytes?: number;
  /** Whether the value fails validation (shown once `isTouched`). */
  isInvalid?: boolean;
  /** Adds the visual '*' to the label. */
  isRequired?: boolean;
  /** Disables choosing and removing. */
  isDisabled?: boolean;
  /** react-hook-form `field.disabled`; same as `isDisabled`. */
  disabled?: boolean;
  /** Extra classes for the outer element. */
  className?: string;
}

/**
 * The choice of a file and its removal: a refused file shows why (and is not reported), every
 * choice or removal marks the field as touched.
 */
function useImageChoice({
  value,
  onChange,
  onBlur,
  currentUrl,
  onRemoveCurrent,
  maxSizeBytes,
}: Pick<
  ImageUploadProps,
  'value' | 'onChange' | 'onBlur' | 'currentUrl' | 'onRemoveCurrent' | 'maxSizeBytes'
>) {
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (file: File | undefined) => {
    if (!file) return;
    const why = imageFileProblem(file, maxSizeBytes);
    setProblem(why);
    if (!why) onChange?.(file);
    onBlur?.();
  };
  const remove = () => {
    setProblem(null);
    if (value) onChange?.(null);
    else onRemoveCurrent?.();
    onBlur?.();
  };
  const drop = async (items: DropItem[]) => {
    const item = items.find(isFileDropItem);
    if (item) choose(await item.getFile());
  };
  const hasImage = Boolean(value) || (Boolean(currentUrl) && Boolean(onRemoveCurrent));
  return { problem, choose, remove, drop, hasImage };
}

/** The preview (or an image icon), on which a file can be dropped. */
function PreviewDropZone({
  label,
  previewUrl,
  hasError,
  isDisabled,
  onDrop,
}: {
  label: string;
  previewUrl: string | null;
  hasError: boolean;
  isDisabled: boolean;
  onDrop: (items: DropItem[]) => Promise<void>;
}) {
  return (
    <DropZone
      isDisabled={isDisabled}
      onDrop={(event) => void onDrop(event.items)}
      getDropOperation={() => 'copy'}
      aria-label={`Soltar una imagen para ${label}`}
      className={({ isDropTarget, isFocusVisible }) =>
        [
          'flex size-32 shrink-0 items-center justify-center overflow-hidden rounded-lg border-2 border-dashed bg-surface-muted',
          isDropTarget ? 'border-brand' : hasError ? 'border-danger' : 'border-border-strong',
          isFocusVisible ? 'outline-2 outline-offset-2 outline-focus' : '',
        ].join(' ')
      }
    >
      {previewUrl ? (
        <img src={previewUrl} alt={`Vista previa de ${label}`} className="size-full object-cover" />
      ) : (
        <ImageIcon className="size-10 text-fg-muted" />
      )}
    </DropZone>
  );
}

/**
 * Image file field with preview: 'Seleccionar imagen' opens the file picker (images only), a file
 * can also be dropped on the preview; 'Quitar imagen' removes it. Shows the saved image
 * (`currentUrl`) until a new file is chosen.
 */
export function ImageUpload({
  label = 'Imagen',
  description,
  errorMessage,
  isTouched,
  isInvalid,
  isRequired,
  isDisabled,
  disabled,
  className,
  ...choice
}: ImageUploadProps) {
  const id = useId();
  const { value } = choice;
  const { problem, choose, remove, drop, hasImage } = useImageChoice(choice);
  const fileUrl = useObjectUrl(value);
  const previewUrl = value ? fileUrl : (choice.currentUrl ?? null);
  const off = Boolean(isDisabled || disabled);
  const fieldError = showsError(isInvalid, isTouched) ? (errorMessage as string | undefined) : null;
  const error = problem ?? fieldError;
  const describedBy = [description && `${id}-description`, error && `${id}-error`];

  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy.filter(Boolean).join(' ') || undefined}
      className={twMerge(fieldStackStyles, className)}
    >
      <Label id={`${id}-label`} elementType="span" isRequired={isRequired}>
        {label}
      </Label>
      <div className="flex flex-wrap items-center gap-4">
        <PreviewDropZone
          label={label}
          previewUrl={previewUrl}
          hasError={Boolean(error)}
          isDisabled={off}
          onDrop={drop}
        />
        <div className="flex flex-col items-start gap-2">
          <FileTrigger
            acceptedFileTypes={['image/*']}
            onSelect={(files) => choose(files?.[0] ?? undefined)}
          >
            <Button variant="secondary" size="sm" isDisabled={off}>
              <UploadIcon className="size-4" />
              Seleccionar imagen
            </Button>
          </FileTrigger>
          {!off && hasImage && (
            <Button variant="ghost" size="sm" onPress={remove}>
              <TrashIcon className="size-4 text-danger" />
              Quitar imagen
            </Button>
          )}
          {value && <p className="max-w-56 truncate text-xs text-fg-muted">{value.name}</p>}
        </div>
      </div>
      {description && (
        <p id={`${id}-description`} className="text-xs text-fg-muted">
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
