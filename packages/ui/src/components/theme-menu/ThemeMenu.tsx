import type { Selection } from 'react-aria-components';
import { type Icon, MonitorIcon, MoonIcon, SunIcon } from '../../icons';
import { Button } from '../button';
import { Menu, MenuItem, MenuTrigger } from '../menu';

export type ThemeChoice = 'light' | 'dark' | 'system';

const options: { id: ThemeChoice; label: string; icon: Icon }[] = [
  { id: 'light', label: 'Claro', icon: SunIcon },
  { id: 'dark', label: 'Oscuro', icon: MoonIcon },
  { id: 'system', label: 'Sistema', icon: MonitorIcon },
];

export interface ThemeMenuProps {
  /** The chosen theme (checked in the menu). */
  value: ThemeChoice;
  /** Called with the theme the user picks. */
  onChange: (theme: ThemeChoice) => void;
  /** The theme actually applied (for 'system'), to pick the button icon. */
  resolvedTheme?: 'light' | 'dark';
}

/**
 * Theme picker: a button 'Tema' opening a menu of radio items 'Claro', 'Oscuro', 'Sistema'
 * with the current one checked. Controlled; applying the theme is the app's job.
 */
export function ThemeMenu({ value, onChange, resolvedTheme }: ThemeMenuProps) {
  const shown = value === 'system' ? (resolvedTheme ?? 'light') : value;
  const ButtonIcon = shown === 'dark' ? MoonIcon : SunIcon;
  return (
    <MenuTrigger>
      <Button variant="icon" aria-label="Tema">
        <ButtonIcon />
      </Button>
      <Menu
        aria-label="Tema"
        selectionMode="single"
        selectedKeys={[value]}
        disallowEmptySelection
        onSelectionChange={(keys: Selection) => {
          if (keys === 'all') return;
          const [key] = [...keys];
          if (key === 'light' || key === 'dark' || key === 'system') onChange(key);
        }}
      >
        {options.map(({ id, label, icon: ItemIcon }) => (
          <MenuItem key={id} id={id} textValue={label}>
            <ItemIcon className="size-4" />
            {label}
          </MenuItem>
        ))}
      </Menu>
    </MenuTrigger>
  );
}
