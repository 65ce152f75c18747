/** Placeholder name and description of new content: derived from the URL host. */
export function placeholderFor(url: string): { name: string; description: string } {
  let host = url;
  try {
    host = new URL(url).hostname.replace(/^www\./, '') || url;
  } catch {
    /* not a URL: keep the raw value */
  }
  return { name: host, description: `Content from ${host}` };
}
