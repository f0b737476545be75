import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ImageUpload, imageFileProblem, type ImageUploadProps } from './ImageUpload';

beforeAll(() => {
  // jsdom has no object URLs.
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${(n += 1)}`);
  URL.revokeObjectURL = vi.fn();
});

const png = () => new File(['png'], 'anaquel.png', { type: 'image/png' });

function Controlled(props: Partial<ImageUploadProps>) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <ImageUpload
      label="Imagen del producto"
      {...props}
      value={file}
      onChange={(next) => {
        setFile(next);
        props.onChange?.(next);
      }}
    />
  );
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

// Interaction tests are slow in jsdom when the machine is busy.
describe('ImageUpload', { timeout: 20_000 }, () => {
  it('shows the saved image until a file is chosen, then the chosen one', async () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(<Controlled currentUrl="/api/v1/files/p1.png" onChange={onChange} onBlur={onBlur} />);
    const group = screen.getByRole('group', { name: 'Imagen del producto' });
    expect(group).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Vista previa de Imagen del producto' }),
    ).toHaveAttribute('src', '/api/v1/files/p1.png');
    expect(fileInput()).toHaveAttribute('accept', 'image/*');

    const file = png();
    await userEvent.upload(fileInput(), file);
    expect(onChange).toHaveBeenCalledWith(file);
    expect(onBlur).toHaveBeenCalled();
    expect(
      screen.getByRole('img', { name: 'Vista previa de Imagen del producto' }),
    ).toHaveAttribute('src', expect.stringMatching(/^blob:preview-/));
    expect(screen.getByText('anaquel.png')).toBeInTheDocument();
  });

  it("removes the chosen file with 'Quitar imagen' and goes back to the saved image", async () => {
    const onChange = vi.fn();
    render(<Controlled currentUrl="/api/v1/files/p1.png" onChange={onChange} />);
    // A saved image alone cannot be removed unless the form allows it.
    expect(screen.queryByRole('button', { name: 'Quitar imagen' })).not.toBeInTheDocument();
    await userEvent.upload(fileInput(), png());
    await userEvent.click(screen.getByRole('button', { name: 'Quitar imagen' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('img', { name: /Vista previa/ })).toHaveAttribute(
      'src',
      '/api/v1/files/p1.png',
    );
  });

  it('lets the form remove the saved image', async () => {
    const onRemoveCurrent = vi.fn();
    render(<Controlled currentUrl="/api/v1/files/p1.png" onRemoveCurrent={onRemoveCurrent} />);
    await userEvent.click(screen.getByRole('button', { name: 'Quitar imagen' }));
    expect(onRemoveCurrent).toHaveBeenCalledTimes(1);
  });

  it('refuses files that are not images or are too big', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} maxSizeBytes={1_048_576} />);
    await userEvent.upload(
      fileInput(),
      new File(['%PDF'], 'factura.pdf', { type: 'application/pdf' }),
      {
        applyAccept: false,
      },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('El archivo debe ser una imagen.');
    await userEvent.upload(
      fileInput(),
      new File([new Uint8Array(2_000_000)], 'grande.png', { type: 'image/png' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('La imagen no debe pesar más de 1 MB.');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the form error only once touched', () => {
    const { rerender } = render(
      <ImageUpload
        label="Foto de perfil"
        isInvalid
        errorMessage="La imagen es obligatoria"
        isTouched={false}
      />,
    );
    expect(screen.queryByText('La imagen es obligatoria')).not.toBeInTheDocument();
    rerender(
      <ImageUpload
        label="Foto de perfil"
        isInvalid
        errorMessage="La imagen es obligatoria"
        isTouched
      />,
    );
    expect(screen.getByRole('group', { name: 'Foto de perfil' })).toHaveAccessibleDescription(
      'La imagen es obligatoria',
    );
  });

  it('cannot choose or remove when disabled', () => {
    render(<ImageUpload label="Imagen" value={png()} isDisabled />);
    expect(screen.getByRole('button', { name: 'Seleccionar imagen' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Quitar imagen' })).not.toBeInTheDocument();
  });
});

describe('imageFileProblem', () => {
  it('accepts images within the size limit', () => {
    expect(imageFileProblem(png())).toBeNull();
    expect(imageFileProblem(png(), 10)).toBeNull();
  });
});
