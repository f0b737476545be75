import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import * as projectAnnotations from './preview';

// Applies the a11y addon (axe after every story) and our preview (styles, theme, parameters)
// to the stories that @storybook/addon-vitest turns into tests.
setProjectAnnotations([a11yAddonAnnotations, projectAnnotations]);
