// The toaster alone, for the sign-in boot's dynamic import (lazy-toaster.tsx).
export { Toaster } from '@anaquel/ui';
