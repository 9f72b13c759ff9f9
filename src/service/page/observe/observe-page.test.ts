import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../../test/fixtures/sites/fixture-server.js';
import { observePage, type PageObservation } from './observe-page.js';
import { quietChromiumFlags } from '../../browsers/chromium-launch';

let browser: Browser;
let server: FixtureServer;
let profileDir: string;

beforeAll(async () => {
  profileDir = mkdtempSync(join(tmpdir(), 'svc-observe-'));
  process.env.XDG_CONFIG_HOME = join(profileDir, 'config');
  process.env.XDG_CACHE_HOME = join(profileDir, 'cache');
  server = await startFixtureServer();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...quietChromiumFlags] });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(profileDir, { recursive: true, force: true });
});

async function observeFixture(file: string): Promise<{ page: Page; result: PageObservation }> {
  const page = await browser.newPage();
  await page.goto(server.url(file));
  return { page, result: await observePage(page, [{ tab_id: 0, title: 'tab', url: page.url() }]) };
}

function lines(result: PageObservation): string[] {
  return result.observation.space.description.split('\n');
}

function selectorOf(result: PageObservation, id: string): string {
  const element = result.elements.get(id);
  if (!element) throw new Error(`no element ${id} in:\n${result.observation.space.description}`);
  return element.selector;
}

async function expectEverySelectorUnique(page: Page, result: PageObservation): Promise<void> {
  for (const element of result.elements.values()) {
    const locator = page.locator(element.selector);
    expect(await locator.count(), `${element.id} ${element.selector}`).toBe(1);
    expect(await locator.evaluate((el) => el.localName), element.id).toBe(element.tag);
  }
}

describe('observePage on a sign-in form', () => {
  it('renders one line per element and per text, in document order, with ids per role letter', async () => {
    const { page, result } = await observeFixture('forms.html');
    expect(lines(result)).toEqual([
      'L1[:]<a href="/">Home</a>',
      'L2[:]<a href="/pricing">Pricing</a>',
      '_[:]Sign in to Acme',
      '_[:]Welcome back. Use the email you signed up with.',
      '_[:]Email',
      'I1[:]<input type="email" name="email" placeholder="Email" value="">',
      '_[:]Password',
      'I2[:]<input type="password" name="password" placeholder="Password" value="">',
      'B1[:]<input type="checkbox" name="remember">',
      '_[:]Remember me',
      '_[:]Plan',
      'B2[:]<input type="radio" name="plan" checked>',
      '_[:]Free',
      'B3[:]<input type="radio" name="plan">',
      '_[:]Pro',
      '_[:]Country',
      'I3[:]<select name="country">Choose…</select>',
      '_[:]Message',
      'I4[:]<textarea name="message" placeholder="Anything we should know?"></textarea>',
      '_[:]Avatar',
      'I5[:]<input type="file" name="avatar">',
      'B4[:]<button type="submit">Sign in</button>',
      '_[:]No account yet?',
      'L3[:]<a href="/signup">Create one</a>',
      '_[:].',
    ]);
    await expectEverySelectorUnique(page, result);
    await page.close();
  });

  it('offers the likely action, its parameter and a label for each element', async () => {
    const { page, result } = await observeFixture('forms.html');
    const byId = new Map(result.observation.space.interaction_actions.map((action) => [action.id, action]));
    expect(byId.get('I1')).toMatchObject({
      type: 'fill',
      text_label: 'Email',
      param: { name: 'value', type: 'string' },
    });
    expect(byId.get('B1')).toMatchObject({
      type: 'check',
      text_label: 'Remember me',
      param: { name: 'value', type: 'boolean' },
    });
    expect(byId.get('I3')).toMatchObject({
      type: 'select_dropdown_option',
      param: { name: 'value', type: 'string', values: ['Choose…', 'France', 'Germany', 'United States'] },
    });
    expect(byId.get('I5')).toMatchObject({
      type: 'upload_file',
      param: { name: 'file_path', type: 'string' },
    });
    expect(byId.get('B4')).toMatchObject({ type: 'click', text_label: 'Sign in' });
    expect(byId.get('B4')).not.toHaveProperty('param');
    expect(byId.get('L1')?.selector).toBe('internal:role=link[name="Home"i]');
    await page.close();
  });

  it('reports current values but never a password', async () => {
    const { page } = await observeFixture('forms.html');
    await page.fill('#email', 'ada@example.org');
    await page.fill('#password', 'hunter2');
    await page.check('input[name="remember"]');
    await page.selectOption('#country', 'de');
    const description = (await observePage(page, [])).observation.space.description;
    expect(description).toContain(
      'I1[:]<input type="email" name="email" placeholder="Email" value="ada@example.org">',
    );
    expect(description).toContain(
      'I2[:]<input type="password" name="password" placeholder="Password" value="********">',
    );
    expect(description).toContain('B1[:]<input type="checkbox" name="remember" checked>');
    expect(description).toContain('I3[:]<select name="country">Germany</select>');
    expect(description).not.toContain('hunter2');
    await page.close();
  });

  it('returns the page metadata and the tabs it was given', async () => {
    const { page, result } = await observeFixture('forms.html');
    const { metadata, started_at, ended_at } = result.observation;
    expect(metadata).toMatchObject({
      url: server.url('forms.html'),
      title: 'Sign in – Acme',
      tabs: [{ tab_id: 0, title: 'tab' }],
    });
    expect(metadata.viewport).toMatchObject({
      scroll_x: 0,
      scroll_y: 0,
      viewport_width: 1280,
      viewport_height: 720,
    });
    expect(metadata.viewport.total_height).toBeGreaterThan(0);
    expect(Date.parse(ended_at)).toBeGreaterThanOrEqual(Date.parse(started_at));
    await page.close();
  });
});

describe('ids and selectors over time', () => {
  it('renumbers on every observe', async () => {
    const { page, result } = await observeFixture('forms.html');
    expect(result.elements.get('L1')?.selector).toBe('internal:role=link[name="Home"i]');
    await page.evaluate(() => document.querySelector('nav a')?.remove());
    const again = await observePage(page, []);
    expect(again.elements.get('L1')?.selector).toBe('internal:role=link[name="Pricing"i]');
    expect(again.elements.has('L3')).toBe(false);
    await page.close();
  });

  it('still finds every element after the page re-renders it as a new node', async () => {
    for (const file of ['forms.html', 'shadow.html', 'iframes.html']) {
      const { page, result } = await observeFixture(file);
      for (const frame of page.frames()) {
        await frame.evaluate(() => {
          const rerender = (root: Document | ShadowRoot): void => {
            for (const el of Array.from(root.querySelectorAll('a, button, input, select, textarea'))) {
              const fresh = el.cloneNode(true) as Element & { isFresh?: boolean };
              fresh.isFresh = true;
              el.replaceWith(fresh);
            }
            for (const host of Array.from(root.querySelectorAll('*')))
              if (host.shadowRoot) rerender(host.shadowRoot);
          };
          rerender(document);
        });
      }
      for (const element of result.elements.values()) {
        const locator = page.locator(element.selector);
        expect(await locator.count(), `${file} ${element.id} ${element.selector}`).toBe(1);
        expect(
          await locator.evaluate((el) => (el as Element & { isFresh?: boolean }).isFresh),
          `${file} ${element.id}`,
        ).toBe(true);
      }
      await page.close();
    }
  });
});

describe('observePage through shadow roots and iframes', () => {
  it('finds elements in open shadow roots, slotted text included, and acts through their selectors', async () => {
    const { page, result } = await observeFixture('shadow.html');
    expect(lines(result)).toEqual([
      '_[:]Team',
      '_[:]ada',
      '_[:]Wrote the first program.',
      'B1[:]<button>Follow</button>',
      'L1[:]<a href="/people/ada">Profile of ada</a>',
      '_[:]alan',
      '_[:]Broke Enigma.',
      'B2[:]<button>Follow</button>',
      'L2[:]<a href="/people/alan">Profile of alan</a>',
      'I1[:]<input type="search" name="q" placeholder="Search people" value="">',
      'B3[:]<button type="submit">Search</button>',
    ]);
    await expectEverySelectorUnique(page, result);
    await page.evaluate(() => {
      const card = document.querySelectorAll('user-card')[1];
      card?.shadowRoot
        ?.querySelector('button')
        ?.addEventListener('click', () => document.body.setAttribute('data-followed', 'alan'));
    });
    await page.locator(selectorOf(result, 'B2')).click();
    expect(await page.getAttribute('body', 'data-followed')).toBe('alan');
    await page.locator(selectorOf(result, 'I1')).fill('turing');
    expect(await page.locator('search-box input').inputValue()).toBe('turing');
    await page.close();
  });

  it('finds elements of a same-origin iframe in document order and fills them through enter-frame selectors', async () => {
    const { page, result } = await observeFixture('iframes.html');
    expect(lines(result)).toEqual([
      '_[:]Release notes',
      '_[:]Version 2 is out.',
      'L1[:]<a href="/changelog">Full changelog</a>',
      '_[:]Get the newsletter.',
      'I1[:]<input type="email" name="email" placeholder="you@example.org" aria-label="Newsletter email" value="">',
      'B1[:]<button type="submit">Subscribe</button>',
      'L2[:]<a href="/privacy">Privacy</a>',
      'B2[:]<button type="button">Subscribe</button>',
    ]);
    expect(result.elements.get('I1')).toMatchObject({
      framePath: ['iframe[title="Newsletter"]'],
      selector: 'iframe[title="Newsletter"] >> internal:control=enter-frame >> input[name="email"]',
    });
    await expectEverySelectorUnique(page, result);
    await page.locator(selectorOf(result, 'I1')).fill('ada@example.org');
    const child = page.frames().find((frame) => frame.url().endsWith('iframe-child.html'));
    expect(await child?.locator('input').inputValue()).toBe('ada@example.org');
    await page.close();
  });
});

describe('observePage and nested iframes', () => {
  it('enters each frame on the way to an element two frames deep', async () => {
    const page = await browser.newPage();
    await page.setContent(
      `<iframe name="outer" srcdoc="<p>Outer</p><iframe srcdoc='<button>Deep</button>'></iframe>"></iframe>`,
    );
    await expect.poll(() => page.frames().length).toBe(3);
    await page.frames()[2]?.waitForSelector('button');
    const { observation, elements } = await observePage(page, []);
    expect(observation.space.description).toBe('_[:]Outer\nB1[:]<button>Deep</button>');
    expect(elements.get('B1')?.framePath).toEqual(['iframe[name="outer"]', 'html > body > iframe']);
    await page.locator(elements.get('B1')?.selector ?? '').click();
    await page.close();
  });
});

describe('observePage and cross-origin iframes', () => {
  it('skips the content of a cross-origin iframe', async () => {
    const { page } = await observeFixture('iframes.html');
    const crossOrigin = server.url('iframe-child.html').replace('127.0.0.1', 'localhost');
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
      return new Promise((resolve) => frame.addEventListener('load', resolve));
    }, crossOrigin);
    const foreign = page.frames().find((frame) => frame.url() === crossOrigin);
    expect(await foreign?.locator('input').count()).toBe(1);
    const { elements } = await observePage(page, []);
    expect([...elements.keys()]).toEqual(['L1', 'I1', 'B1', 'L2', 'B2']);
    await page.close();
  });
});

describe('observePage on pages that patch built-ins', () => {
  it('observes a page that defines Array.prototype.toJSON, and leaves it defined', async () => {
    const page = await browser.newPage();
    await page.setContent(
      '<script>Array.prototype.toJSON = function () { return "patched"; };</script><a href="/a">Home</a>',
    );
    const { observation } = await observePage(page, []);
    expect(observation.space.description).toBe('L1[:]<a href="/a">Home</a>');
    expect(await page.evaluate(() => JSON.stringify([1]))).toBe('"patched"');
    await page.close();
  });
});

describe('role selectors', () => {
  it('escapes quotes and backslashes in accessible names', async () => {
    const page = await browser.newPage();
    await page.setContent('<button>Say "hi" \\ wave</button><button>Other</button>');
    const { elements } = await observePage(page, []);
    const selector = elements.get('B1')?.selector ?? '';
    expect(selector).toBe('internal:role=button[name="Say \\"hi\\" \\\\ wave"i]');
    expect(await page.locator(selector).count()).toBe(1);
    await page.close();
  });
});

describe('observePage on custom widgets', () => {
  it('gives ARIA widgets, clickable elements and meaningful images their letters', async () => {
    const { page, result } = await observeFixture('widgets.html');
    expect(lines(result)).toEqual([
      'B1[:]<div role="tab" aria-selected="true">General</div>',
      'B2[:]<div role="tab" aria-selected="false">Billing</div>',
      'B3[:]<div role="switch" aria-label="Dark mode" aria-checked="false"></div>',
      'I1[:]<div role="listbox" aria-label="Language">English Français</div>',
      'O1[:]<div role="option" aria-selected="true">English</div>',
      'O2[:]<div role="option" aria-selected="false">Français</div>',
      'I2[:]<div aria-label="Bio" contenteditable>Hello</div>',
      'M1[:]<div>Starter plan for small teams.</div>',
      'M2[:]<span>Focusable note</span>',
      'M3[:]<div>Enterprise plan Single sign-on, audit logs, a dedicated success manager and a 99.99% uptime agreeme…</div>',
      '_[:]Enterprise plan',
      '_[:]Single sign-on, audit logs, a dedicated success manager and a 99.99% uptime agreement for teams that need them.',
      'F1[:]<img alt="Company logo">',
    ]);
    const types = Object.fromEntries(
      result.observation.space.interaction_actions.map((action) => [action.id, action.type]),
    );
    expect(types).toMatchObject({
      B1: 'click',
      B3: 'check',
      I1: 'click',
      O1: 'click',
      I2: 'fill',
      M1: 'click',
      F1: 'click',
    });
    await expectEverySelectorUnique(page, result);
    await page.locator(selectorOf(result, 'I2')).fill('Hi there');
    await page.locator(selectorOf(result, 'M1')).click();
    expect(await page.locator('.card').first().getAttribute('data-opened')).toBe('yes');
    await page.close();
  });
});

describe('observePage on hidden and disabled elements', () => {
  it('skips what a user cannot see and marks what they cannot use', async () => {
    const { page, result } = await observeFixture('hidden.html');
    expect(lines(result)).toEqual([
      '_[:]Visible paragraph.',
      'B1[:]<button type="button">Visible button</button>',
      'B2[:]<summary>More</summary>',
      'L1[:]<a href="#main">Skip to content</a>',
      'B3[:]<button type="button">Transparent button</button>',
      'B4[:]<button type="submit" disabled>Disabled submit</button>',
      'I1[:]<input type="text" name="nickname" placeholder="Nickname" value="" disabled>',
      'B5[:]<button type="button" disabled>Aria disabled</button>',
    ]);
    await expectEverySelectorUnique(page, result);
    await page.close();
  });
});

describe('observePage on a large page', () => {
  it('reports 2,000 interactive elements with unique selectors', async () => {
    const { page, result } = await observeFixture('many.html');
    const letters = [...result.elements.keys()].map((id) => id[0]);
    expect(letters.filter((letter) => letter === 'L')).toHaveLength(500);
    expect(letters.filter((letter) => letter === 'B')).toHaveLength(1000);
    expect(letters.filter((letter) => letter === 'I')).toHaveLength(500);
    for (const id of ['L1', 'L250', 'L500', 'B1', 'B2', 'B999', 'B1000', 'I1', 'I500']) {
      expect(await page.locator(selectorOf(result, id)).count(), id).toBe(1);
    }
    await page.locator(selectorOf(result, 'B1000')).click();
    await page.close();
  });
});
