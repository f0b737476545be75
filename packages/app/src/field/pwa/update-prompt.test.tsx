import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { UpdatePrompt, type UpdatePromptProps } from './update-prompt';

/** The prompt with the connector's behaviour: a re-check that finds a draft shows it. */
function Harness({
  draftOnCheck,
  ...props
}: Omit<UpdatePromptProps, 'visitInProgress' | 'checkVisitInProgress'> & {
  draftOnCheck: boolean;
}) {
  const [visitInProgress, setVisitInProgress] = useState(false);
  return (
    <UpdatePrompt
      {...props}
      visitInProgress={visitInProgress}
      checkVisitInProgress={async () => {
        setVisitInProgress(draftOnCheck);
        return draftOnCheck;
      }}
    />
  );
}

describe('UpdatePrompt', () => {
  it('shows nothing while no new version waits', () => {
    const { container } = render(
      <UpdatePrompt
        available={false}
        visitInProgress={false}
        checkVisitInProgress={vi.fn()}
        onUpdate={vi.fn()}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("offers 'Actualizar' and updates only when pressed", async () => {
    const onUpdate = vi.fn();
    render(<Harness available draftOnCheck={false} onUpdate={onUpdate} />);
    expect(screen.getByRole('status')).toHaveTextContent('Hay una nueva versión');
    expect(onUpdate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar la aplicación' }));
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('asks to finish the visit in progress instead of updating', () => {
    render(
      <UpdatePrompt available visitInProgress checkVisitInProgress={vi.fn()} onUpdate={vi.fn()} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Termina la visita en curso para actualizar',
    );
    expect(screen.queryByRole('button', { name: 'Actualizar la aplicación' })).toBeNull();
  });

  it('does not update when a visit started since the prompt was shown', async () => {
    const onUpdate = vi.fn();
    render(<Harness available draftOnCheck onUpdate={onUpdate} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar la aplicación' }));
    expect(onUpdate).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Termina la visita en curso');
  });
});
