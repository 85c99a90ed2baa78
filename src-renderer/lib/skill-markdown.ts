/**
 * A skill document's Markdown as safe HTML for the preview: marked renders it, DOMPurify removes
 * scripts, event handlers, forms and frames. Links keep their text and show their target as a
 * tooltip but lead nowhere (the app must not navigate), and remote images are not fetched.
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';

let hooked = false;

function hook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      node.removeAttribute('href');
      node.removeAttribute('target');
      if (href) node.setAttribute('title', href);
      node.setAttribute('class', 'md-link');
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      // Only inline images show; a remote one would be fetched from wherever the file says.
      if (!/^data:image\/(png|gif|jpeg|webp);/i.test(src)) {
        node.removeAttribute('src');
        node.setAttribute('title', src ? `Image not loaded: ${src}` : 'Image');
      }
    }
  });
}

/** Sanitised HTML for `markdown` (GitHub-flavoured, no raw HTML that can act). */
export function renderMarkdown(markdown: string): string {
  hook();
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style', 'srcset'],
  });
}
