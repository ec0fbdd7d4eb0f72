/** The count as the bell shows it: a badge has room for two digits. */
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** What a screen reader hears for the bell. */
export function bellLabel(count: number): string {
  if (count === 0) return 'Notifications, none unread';
  return `Notifications, ${count} unread`;
}
