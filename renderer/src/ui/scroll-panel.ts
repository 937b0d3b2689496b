// A panel whose content may be longer than the panel (a screen's body, a receipt, history): while
// it overflows it is a tab stop, so the keyboard can scroll it (WCAG 2.1.1 Keyboard; axe
// scrollable-region-focusable), and it is none while everything shows.

/** Svelte action: keeps `node` a tab stop exactly while its content (an image once loaded, too) overflows it. */
export function scrollPanel(node: HTMLElement): { destroy(): void } {
  const update = (): void => {
    const overflows =
      node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1;
    if (overflows) node.tabIndex = 0;
    else node.removeAttribute('tabindex');
  };
  const resized = new ResizeObserver(update);
  resized.observe(node);
  const changed = new MutationObserver(update);
  changed.observe(node, { childList: true, subtree: true, characterData: true });
  node.addEventListener('load', update, true);
  update();
  return {
    destroy() {
      resized.disconnect();
      changed.disconnect();
      node.removeEventListener('load', update, true);
    },
  };
}
