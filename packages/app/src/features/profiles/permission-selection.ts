import type { Permission } from '@anaquel/api';

// The permission picker's rules (spec 2 §5 "Profile"): permissions are grouped by 'Area/Subgroup';
// choosing a non-VIEW permission also chooses the VIEW permission of its group; each subgroup has
// a 'select all' toggle.

/** The permissions of one 'Area/Subgroup'. */
export interface PermissionGroup {
  /** The catalogue's `group` ('Productos/Marcas'). */
  key: string;
  /** 'Marcas'. */
  subgroup: string;
  permissions: Permission[];
}

/** An area ('Productos') and its subgroups, in catalogue order. */
export interface PermissionArea {
  area: string;
  groups: PermissionGroup[];
}

/** Splits 'Area/Subgroup' (a group without '/' is its own area). */
function splitGroup(group: string): { area: string; subgroup: string } {
  const slash = group.indexOf('/');
  if (slash < 0) return { area: group, subgroup: group };
  return { area: group.slice(0, slash).trim(), subgroup: group.slice(slash + 1).trim() };
}

/** The catalogue by area and subgroup, keeping the order in which the server lists them. */
export function groupPermissions(catalogue: readonly Permission[]): PermissionArea[] {
  const areas = new Map<string, Map<string, PermissionGroup>>();
  for (const permission of catalogue) {
    const { area, subgroup } = splitGroup(permission.group);
    let groups = areas.get(area);
    if (!groups) areas.set(area, (groups = new Map()));
    let group = groups.get(permission.group);
    if (!group)
      groups.set(permission.group, (group = { key: permission.group, subgroup, permissions: [] }));
    group.permissions.push(permission);
  }
  return [...areas].map(([area, groups]) => ({ area, groups: [...groups.values()] }));
}

const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

function viewOf(catalogue: readonly Permission[], group: string): Permission | undefined {
  return catalogue.find((p) => p.group === group && p.clientPolicy === 'VIEW');
}

/**
 * Checks or unchecks one permission. Checking a non-VIEW permission also checks the VIEW of its
 * group; unchecking the VIEW unchecks the rest of the group, which means nothing without it.
 */
export function togglePermission(
  selected: readonly number[],
  permission: Permission,
  on: boolean,
  catalogue: readonly Permission[],
): number[] {
  const next = new Set(selected);
  if (on) {
    next.add(permission.id);
    if (permission.clientPolicy !== 'VIEW') {
      const view = viewOf(catalogue, permission.group);
      if (view) next.add(view.id);
    }
  } else if (permission.clientPolicy === 'VIEW') {
    for (const p of catalogue) if (p.group === permission.group) next.delete(p.id);
  } else {
    next.delete(permission.id);
  }
  return sorted(next);
}

/** The 'select all' toggle of a subgroup: all of its permissions, or none. */
export function toggleGroup(
  selected: readonly number[],
  group: PermissionGroup,
  on: boolean,
): number[] {
  const next = new Set(selected);
  for (const p of group.permissions) {
    if (on) next.add(p.id);
    else next.delete(p.id);
  }
  return sorted(next);
}

/** Whether a subgroup is wholly, partly or not chosen (the toggle's checked/indeterminate). */
export function groupSelection(
  selected: readonly number[],
  group: PermissionGroup,
): 'all' | 'some' | 'none' {
  const chosen = group.permissions.filter((p) => selected.includes(p.id)).length;
  if (chosen === 0) return 'none';
  return chosen === group.permissions.length ? 'all' : 'some';
}
