/**
 * A skill document's Markdown as safe HTML for the preview: marked renders it, DOMPurify removes
 * scripts, event handlers, forms and frames. Links keep their text and show their target as a
 * tooltip but lead nowhere (the app must not navigate), and images other than inline data are
 * shown as a named placeholder: a remote one would be fetched from wherever the file says.
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';

const INLINE_IMAGE = /^data:image\/(png|gif|jpeg|webp);/i;

/** Links lose their target, remote images become "[image: alt]" with the address as a tooltip. */
function defuse(root: DocumentFragment): void {
  for (const a of Array.from(root.querySelectorAll('a'))) {
    const href = a.getAttribute('href');
    a.removeAttribute('href');
    a.removeAttribute('target');
    if (href) a.setAttribute('title', href);
    a.setAttribute('class', 'md-link');
  }
  for (const img of Array.from(root.querySelectorAll('img'))) {
    const src = img.getAttribute('src') ?? '';
    if (INLINE_IMAGE.test(src)) continue;
    const alt = img.getAttribute('alt');
    const span = img.ownerDocument.createElement('span');
    span.className = 'md-img';
    span.textContent = alt ? `[image: ${alt}]` : '[image]';
    if (src) span.title = `Not loaded: ${src}`;
    img.replaceWith(span);
  }
}

/** Sanitised HTML for `markdown` (GitHub-flavoured, no raw HTML that can act). */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  const fragment = DOMPurify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style', 'srcset'],
  });
  defuse(fragment);
  const box = document.createElement('div');
  box.appendChild(fragment);
  return box.innerHTML;
}
