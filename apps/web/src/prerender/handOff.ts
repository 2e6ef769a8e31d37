import { prerenderedElementId } from './paths';

/**
 * The longest the app stays unseen under the server's picture of the page (render.tsx) waiting
 * for its own first screen: past it, the app shows as it is, waiting or not.
 */
export const handOffLimitMs = 5000;

/**
 * The app's page is not there yet, or something in it still waits: the shell's placeholders say
 * so with aria-busy. Only the page counts: a header control waiting for a slow outside service
 * (country detection) does not keep the whole app from the visitor.
 */
function waiting(container: Element): boolean {
  const page = container.querySelector('main');
  return page === null || page.querySelector('[aria-busy="true"]') !== null;
}

/** The picture goes and the app, laid out underneath until now, shows in the same frame. */
function handOffPrerendered(document: Document = globalThis.document): void {
  document.getElementById(prerenderedElementId)?.remove();
  document.documentElement.setAttribute('data-prerendered', 'off');
}

/**
 * On a page served with a picture of its first screen, hands off to the app once the app's own
 * first screen is there (nothing in it waiting), or after handOffLimitMs. Does nothing on a page
 * without a picture, or one the boot script already turned off (not this browser's page).
 */
export function handOffWhenReady(
  container: Element,
  document: Document = globalThis.document,
): void {
  const picture = document.getElementById(prerenderedElementId);
  if (!picture) return;
  if (document.documentElement.getAttribute('data-prerendered') === 'off') {
    picture.remove();
    return;
  }
  const finish = () => {
    observer.disconnect();
    clearTimeout(limit);
    handOffPrerendered(document);
  };
  // Checked after each batch of the app's DOM changes, before the browser draws them.
  const observer = new MutationObserver(() => {
    if (!waiting(container)) finish();
  });
  observer.observe(container, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-busy'],
  });
  const limit = setTimeout(finish, handOffLimitMs);
}
