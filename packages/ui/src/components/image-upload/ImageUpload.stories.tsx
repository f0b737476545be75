import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { ImageUpload, type ImageUploadProps } from './ImageUpload';

const SAVED_IMAGE = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="100%" height="100%" fill="#0f766e"/><text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="28" text-anchor="middle" dominant-baseline="middle">Refresco 600 ml</text></svg>',
)}`;

function pngFile(name = 'producto.png'): File {
  // 1x1 transparent PNG.
  const bytes = Uint8Array.from(
    atob(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    ),
    (c) => c.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}

function Controlled(args: ImageUploadProps) {
  const [file, setFile] = useState<File | null>(args.value ?? null);
  return (
    <ImageUpload
      {...args}
      value={file}
      onChange={(next) => {
        setFile(next);
        args.onChange?.(next);
      }}
    />
  );
}

const meta = {
  title: 'Componentes/ImageUpload',
  component: ImageUpload,
  args: { label: 'Imagen del producto', onChange: fn(), onBlur: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof ImageUpload>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { description: 'PNG o JPG, máximo 5 MB.', maxSizeBytes: 5 * 1_048_576 },
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const input = canvasElement.querySelector('input[type="file"]') as HTMLInputElement;
    const file = pngFile();
    await userEvent.upload(input, file);
    await expect(args.onChange).toHaveBeenCalledWith(file);
    await waitFor(() =>
      expect(
        canvas.getByRole('img', { name: 'Vista previa de Imagen del producto' }),
      ).toBeVisible(),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Quitar imagen' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
  },
};

export const WithSavedImage: Story = {
  args: { currentUrl: SAVED_IMAGE, onRemoveCurrent: fn() },
};

export const Invalid: Story = {
  args: {
    label: 'Foto de perfil',
    isRequired: true,
    isInvalid: true,
    isTouched: true,
    errorMessage: 'La imagen es obligatoria',
  },
};

export const Disabled: Story = { args: { currentUrl: SAVED_IMAGE, isDisabled: true } };

export const Dark: Story = {
  args: { currentUrl: SAVED_IMAGE, onRemoveCurrent: fn() },
  globals: { theme: 'dark' },
};
