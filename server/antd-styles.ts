// antd's styles, rendered once at build time instead of in every visitor's browser.
//
// antd 5 generates each component's CSS in the browser (CSS-in-JS) the first time it renders:
// about 300 KB of CSS text per back-office screen load, a large part of the page's JavaScript time
// on a cheap tablet. The build renders the components the app imports once in Node and ships their
// CSS as a file, with cssinjs's own map of what it holds (`.data-ant-cssinjs-cache-path`); in the
// browser cssinjs then finds each component's style there and skips generating it. The map names
// each style by antd's version, theme and component, so anything not in the file (another theme,
// a component added later) is still generated in the browser as before.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as CssInJs from '@ant-design/cssinjs';
import type * as ReactModule from 'react';
import type { ComponentType } from 'react';
import type * as ReactDomServer from 'react-dom/server';
import type { Plugin } from 'vite';
import { THEME } from '../src/theme.ts';

export const ANTD_STYLES_ID = 'virtual:antd-styles.css';

/** Components rendered by libraries on top of antd (Refine's layout, tables, forms), not imported by name. */
const ALWAYS = [
  'Layout',
  'Menu',
  'Dropdown',
  'Avatar',
  'Breadcrumb',
  'Drawer',
  'Pagination',
  'Empty',
  'Checkbox',
];
const PORTALLED = new Set(['Modal', 'Drawer', 'Tooltip', 'Popover', 'Popconfirm', 'Tour']);

/** The antd components the app's sources import by name (`import { Button, Card } from 'antd'`). */
export function importedAntdComponents(sources: string[]): string[] {
  const names = new Set(ALWAYS);
  for (const source of sources)
    for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g))
      for (const part of match[1]!.split(','))
        // `type X`, `X as Y`: the exported name, components only (capitalised).
        for (const name of [
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
        ])
          if (/^[A-Z]\w*$/.test(name) && !part.trim().startsWith('type ')) names.add(name);
  return [...names].sort();
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourcesUnder(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [readFileSync(file, 'utf8')] : [];
  });
}

/** The CSS of the named components and the cssinjs map of it, as the production build of antd makes it. */
export function renderAntdStyles(root: string, components: string[]): string {
  const require = createRequire(path.join(root, 'package.json'));
  const previous = process.env.NODE_ENV;
  // antd names its styles differently in development builds ("css-dev-only-do-not-override-…").
  process.env.NODE_ENV = 'production';
  try {
    const React = require('react') as typeof ReactModule;
    const { renderToString } = require('react-dom/server') as typeof ReactDomServer;
    const cssinjs = require('@ant-design/cssinjs') as typeof CssInJs;
    const antd = require('antd') as Record<string, unknown> & { App: ComponentType };
    const h = React.createElement;
    type Any = ComponentType<Record<string, unknown>> & {
      _InternalPanelDoNotUseOrYouWillBeFired?: ComponentType<Record<string, unknown>>;
    };
    const props: Record<string, Record<string, unknown>> = {
      Dropdown: { menu: { items: [] }, children: h('span') },
      Menu: { items: [] },
      Affix: { children: h('span') },
      Tree: { treeData: [] },
    };
    const nodes = components.flatMap((name) => {
      const component = antd[name] as Any | undefined;
      if (!component || name === 'Grid' || name === 'ConfigProvider') return [];
      // Components that open in a portal render their inner panel (what a static render can show).
      const panel = component._InternalPanelDoNotUseOrYouWillBeFired;
      return [
        panel ? h(panel, { key: `${name}-panel`, title: ' ' }) : null,
        PORTALLED.has(name) ? null : h(component, { key: name, ...props[name] }),
      ];
    });
    const message = antd.message as { _InternalPanelDoNotUseOrYouWillBeFired: Any };
    const notification = antd.notification as { _InternalPanelDoNotUseOrYouWillBeFired: Any };
    nodes.push(h(message._InternalPanelDoNotUseOrYouWillBeFired, { key: 'message', content: ' ' }));
    nodes.push(h(notification._InternalPanelDoNotUseOrYouWillBeFired, { key: 'notification', message: ' ' }));
    const cache = cssinjs.createCache();
    // In the app's theme (src/theme.ts): cssinjs names each style by its theme.
    const ConfigProvider = antd.ConfigProvider as ComponentType<Record<string, unknown>>;
    renderToString(
      h(cssinjs.StyleProvider, { cache }, h(ConfigProvider, { theme: THEME }, h(antd.App, null, nodes))),
    );
    return cssinjs.extractStyle(cache, true);
  } finally {
    process.env.NODE_ENV = previous;
  }
}

/**
 * `import 'virtual:antd-styles.css'` (AntdRoot.tsx): the production build gets the rendered styles;
 * the dev server an empty sheet (antd generates its styles in the browser there, as always).
 */
export function antdStaticStyles(): Plugin {
  const resolved = `\0${ANTD_STYLES_ID}`;
  let css = '';
  return {
    name: 'pointage:antd-static-styles',
    configResolved(config) {
      if (config.command !== 'build') return;
      const components = importedAntdComponents(sourcesUnder(path.join(config.root, 'src')));
      css = renderAntdStyles(config.root, components);
    },
    resolveId: (id) => (id === ANTD_STYLES_ID ? resolved : undefined),
    load: (id) => (id === resolved ? css : undefined),
  };
}
