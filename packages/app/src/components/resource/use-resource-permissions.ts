import { useAuthStore } from '../../stores/auth-store';
import type { PermissionBase } from './definition';

/** What the signed-in user may do with a resource (spec 2 §6: each button needs its code). */
export interface ResourcePermissions {
  view: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
}

const NONE: readonly string[] = [];

export function useResourcePermissions(base: PermissionBase): ResourcePermissions {
  const permissions = useAuthStore((s) => s.user?.permissions ?? NONE);
  return {
    view: permissions.includes(`VIEW_${base}`),
    create: permissions.includes(`CREATE_${base}`),
    update: permissions.includes(`UPDATE_${base}`),
    delete: permissions.includes(`DELETE_${base}`),
  };
}
