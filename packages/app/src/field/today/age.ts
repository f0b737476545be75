const relative = new Intl.RelativeTimeFormat('es-MX', { numeric: 'always', style: 'short' });

/** How old the device's data is, as the list's header says it: 'Datos de hace 5 min'. */
export function dataAge(takenAt: string, now: Date): string {
  const seconds = Math.max(0, (now.getTime() - new Date(takenAt).getTime()) / 1000);
  if (seconds < 60) return 'Datos de hace un momento';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `Datos de ${relative.format(-minutes, 'minute')}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Datos de ${relative.format(-hours, 'hour')}`;
  return `Datos de ${relative.format(-Math.floor(hours / 24), 'day')}`;
}
