import { screen, within } from '@testing-library/react';

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A password input by its label. Password inputs have no ARIA role; the label of a required field
 * carries an aria-hidden '*', which testing-library's label matching still sees.
 */
export function getPasswordInput(label: string, container?: HTMLElement) {
  const scope = container ? within(container) : screen;
  return scope.getByLabelText(new RegExp(`^${escape(label)}\\*?$`), { selector: 'input' });
}
