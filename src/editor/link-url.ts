/**
 * What the learner typed in the link field as a URL a note may hold, or null when it can't be one:
 * http(s) and mailto only (the sanitiser keeps no other), `example.com/x` taken as https, and
 * `name@example.com` as mailto.
 */
export function linkUrl(typed: string): string | null {
  const text = typed.trim();
  if (!text || /\s/.test(text)) return null;
  let candidate = text;
  if (/^[^:/?#@]+@[^:/?#@]+\.[^:/?#@]+$/.test(text)) candidate = `mailto:${text}`;
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) candidate = `https://${text.replace(/^\/\//, '')}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol === 'mailto:') return url.pathname.includes('@') ? url.href : null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.hostname.includes('.') || url.hostname === 'localhost' ? url.href : null;
}
