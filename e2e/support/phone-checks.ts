/**
 * The phone-first checks of the sweep (e2e/phone-sweep.test.ts), each returning a list of readable
 * problems (empty when the page passes): nothing wider than the phone, no serious/critical axe violation,
 * no tappable control smaller than 44×44 px, no floating control drawn over the page's text.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { Locator, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.5.5 (AAA) / platform guidelines: the smallest comfortable touch area, in CSS pixels. */
export const MIN_TAP = 44;

/**
 * Elements under `scope` (the page content by default; add `nav *` for the bottom navigation) sticking out past
 * the right edge of the phone, empty when none: the quick check of a feature's own tests. The map's panes and
 * tiles extend beyond its box by design and are clipped by it, so they are not counted.
 */
export async function contentOverflow(page: Page, scope = 'main *'): Promise<string[]> {
  return page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)]
        .filter((node) => !node.closest('.leaflet-container'))
        .filter((node) => node.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map(
          (node) =>
            `${node.tagName.toLowerCase()}.${String(node.className)} → ${Math.round(node.getBoundingClientRect().right)}px`,
        ),
    scope,
  );
}

/** The document scrolls sideways, or an element sticks out past the right or left edge of the phone. */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) problems.push(`the page is ${scrollWidth}px wide (viewport ${width}px)`);
    for (const node of document.querySelectorAll<HTMLElement>('body *')) {
      const box = node.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Parts clipped by a scrolling or hidden-overflow ancestor (the map's tiles, a carousel) do not show.
      if (box.right <= width + 0.5 && box.left >= -0.5) continue;
      let clipped = false;
      for (let parent = node.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 0.5) {
          clipped = true;
          break;
        }
      }
      if (!clipped) problems.push(`${describe(node)} spans ${Math.round(box.left)}…${Math.round(box.right)}px`);
    }
    // A box that scrolls sideways hides part of itself (the request sheet widened by a long place name);
    // a row meant to scroll sideways says so with data-scroll-x.
    for (const node of document.querySelectorAll<HTMLElement>('body *')) {
      const { overflowX } = getComputedStyle(node);
      if (
        (overflowX === 'auto' || overflowX === 'scroll') &&
        node.scrollWidth > node.clientWidth + 1 &&
        !node.closest('[data-scroll-x], .leaflet-container')
      ) {
        problems.push(`${describe(node)} scrolls sideways (${node.scrollWidth}px of content in ${node.clientWidth}px)`);
      }
    }
    // The page title must fit whole: no ellipsis, no part of the header over another.
    const title = document.querySelector<HTMLElement>('.app-header__title');
    if (title && (title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1))
      problems.push(`the title "${title.textContent}" is cut (${title.scrollWidth}px in ${title.clientWidth}px)`);
    if (title && title.getBoundingClientRect().width < 1 && title.textContent)
      problems.push(`the title "${title.textContent}" is hidden`);
    const parts = ['.app-header__back', '.app-header__title', '.conn-indicator', '.profile-menu__trigger']
      .map((selector) => ({ selector, box: document.querySelector(selector)?.getBoundingClientRect() }))
      .filter((part): part is { selector: string; box: DOMRect } => part.box !== undefined && part.box.width > 1);
    for (const [i, a] of parts.entries()) {
      for (const b of parts.slice(i + 1)) {
        if (
          a.box.left < b.box.right - 0.5 &&
          b.box.left < a.box.right - 0.5 &&
          a.box.top < b.box.bottom &&
          b.box.top < a.box.bottom
        )
          problems.push(`${a.selector} overlaps ${b.selector}`);
      }
    }
    return problems.slice(0, 10);

    function describe(node: Element): string {
      const classes =
        typeof node.className === 'string' && node.className ? `.${node.className.trim().split(/\s+/).join('.')}` : '';
      return `${node.tagName.toLowerCase()}${classes}`;
    }
  });
}

/** Serious and critical axe-core violations (WCAG 2.x A/AA and best practices), one line per failing node. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the product's Content-Security-Policy does not block.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: unknown,
            options: unknown,
          ) => Promise<{
            violations: {
              id: string;
              impact: string | null;
              help: string;
              nodes: { target: unknown[]; failureSummary?: string }[];
            }[];
          }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) =>
        violation.nodes.map(
          (node) =>
            `${violation.id} (${violation.impact}) ${JSON.stringify(node.target)}: ${(node.failureSummary ?? violation.help).split('\n').slice(-1)[0]?.trim()}`,
        ),
      );
  });
  return results;
}

/**
 * Visible tappable controls whose touch area is under 44×44 px. The touch area is the element's box grown
 * by an absolutely positioned ::before/::after (the usual way to enlarge a small icon's hit area); a
 * visually hidden input (a star, a custom radio) is tapped through its label, so the label is measured.
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="link"], [role="menuitem"], [role="checkbox"], [role="radio"], [tabindex]:not([tabindex="-1"])';
    const problems: string[] = [];
    for (const node of document.querySelectorAll<HTMLElement>(selector)) {
      if (node.closest('[inert], [aria-hidden="true"]')) continue;
      let target: HTMLElement = node;
      let box = node.getBoundingClientRect();
      if (box.width <= 2 || box.height <= 2) {
        const label = (node as HTMLInputElement).labels?.[0] ?? null;
        if (!label) continue;
        target = label;
        box = label.getBoundingClientRect();
      }
      const style = getComputedStyle(target);
      if (style.visibility === 'hidden' || style.display === 'none' || box.width === 0 || box.height === 0) continue;
      let width = box.width;
      let height = box.height;
      for (const pseudo of ['::before', '::after']) {
        const extra = getComputedStyle(target, pseudo);
        if (extra.content === 'none' || extra.position !== 'absolute') continue;
        const px = (value: string) => (value.endsWith('px') ? parseFloat(value) : 0);
        const hitWidth =
          extra.left.endsWith('px') && extra.right.endsWith('px')
            ? box.width - px(extra.left) - px(extra.right)
            : parseFloat(extra.width) || 0;
        const hitHeight =
          extra.top.endsWith('px') && extra.bottom.endsWith('px')
            ? box.height - px(extra.top) - px(extra.bottom)
            : parseFloat(extra.height) || 0;
        width = Math.max(width, hitWidth);
        height = Math.max(height, hitHeight);
      }
      if (width + 0.5 < min || height + 0.5 < min) {
        const name = (target.getAttribute('aria-label') ?? target.textContent ?? '')
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 40);
        const classes =
          typeof target.className === 'string' && target.className
            ? `.${target.className.trim().split(/\s+/).join('.')}`
            : '';
        problems.push(
          `${target.tagName.toLowerCase()}${classes} "${name}" is ${Math.round(width)}×${Math.round(height)}px`,
        );
      }
    }
    return problems;
  }, MIN_TAP);
}

/**
 * Text the user would read at the current scroll position but a floating control hides: a fixed element
 * narrower than the phone (a full-width bar like the bottom navigation is the page's frame, and whatever
 * scrolls under it is simply below the fold) drawn over a line of text that nothing else covers.
 */
export async function coveredByFloating(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const floating = [...document.querySelectorAll<HTMLElement>('body *')].filter((node) => {
      if (
        getComputedStyle(node).position !== 'fixed' ||
        !node.checkVisibility({ visibilityProperty: true, opacityProperty: true })
      )
        return false;
      const box = node.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.width < window.innerWidth - 1;
    });
    const problems: string[] = [];
    for (const control of floating) {
      const area = control.getBoundingClientRect();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const owner = text.parentElement;
        if (
          !owner ||
          !text.textContent?.trim() ||
          control.contains(owner) ||
          !owner.checkVisibility({ visibilityProperty: true, opacityProperty: true })
        )
          continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const line of range.getClientRects()) {
          const left = Math.max(line.left, area.left, 0);
          const right = Math.min(line.right, area.right, window.innerWidth);
          const top = Math.max(line.top, area.top, 0);
          const bottom = Math.min(line.bottom, area.bottom, window.innerHeight);
          if (right - left < 1 || bottom - top < 1) continue;
          // Right under the control lies the text's own element: nothing else (the bottom navigation, the
          // edge of a scrolling box) would have hidden it anyway.
          const stack = document.elementsFromPoint((left + right) / 2, (top + bottom) / 2);
          const below = stack.find((node) => !control.contains(node));
          if (below && owner.contains(below)) {
            problems.push(
              `${control.tagName.toLowerCase()}.${String(control.className)} covers "${text.textContent.trim().slice(0, 40)}"`,
            );
            break;
          }
        }
      }
    }
    return problems;
  });
}

/**
 * Where the user is looking: the element is inside the viewport and not drawn under something else (the
 * bottom navigation, a sticky bar). Returns why not, or null when it is in sight.
 */
export async function outOfSight(target: Locator): Promise<string | null> {
  return target.evaluate((node) => {
    const box = node.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight + 0.5)
      return `"${node.textContent?.trim().slice(0, 60)}" is outside the screen (${Math.round(box.top)}…${Math.round(box.bottom)}px of ${window.innerHeight}px)`;
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = box.top + Math.min(box.height / 2, 10);
    const hit = document.elementFromPoint(x, y);
    if (hit && hit !== node && !node.contains(hit) && !hit.contains(node))
      return `"${node.textContent?.trim().slice(0, 60)}" is covered by ${hit.tagName.toLowerCase()}.${String(hit.className)}`;
    return null;
  });
}
