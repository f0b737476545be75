import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MenuIcon } from '../../icons';
import { NavItem, NavList } from './NavGroup';

const LABEL = 'Exportación de Reportes';

/** jsdom has no layout: the label's text is `textWidth` px wide in a `boxWidth` px box. */
function layOut(textWidth: number, boxWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(textWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(boxWidth);
}

function renderItem() {
  render(
    <NavList>
      <NavItem href="/reports/product-surveys" label={LABEL} icon={MenuIcon} />
    </NavList>,
  );
  return screen.getByRole('link', { name: LABEL });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('NavItem', { timeout: 20_000 }, () => {
  it('shows the whole label in a tooltip when the sidebar cuts it (keyboard focus; hover in the journeys)', async () => {
    layOut(190, 150);
    const link = renderItem();
    await userEvent.tab();
    expect(link).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LABEL);
  });

  it('has no tooltip when the label fits', async () => {
    layOut(120, 150);
    const link = renderItem();
    await userEvent.tab();
    expect(link).toHaveFocus();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
