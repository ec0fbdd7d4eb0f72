/**
 * Spec §5 video url rule: an absolute address or one already under /uploads/ is used as given;
 * anything else is a path under /uploads/ with its leading slashes removed.
 */
export function resolveVideoUrl(url: string): string {
  if (url.startsWith('http') || url.startsWith('/uploads/')) return url;
  return `/uploads/${url.replace(/^\/+/, '')}`;
}
