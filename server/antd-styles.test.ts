import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedAntdComponents, renderAntdStyles } from './antd-styles.ts';

describe('antd styles rendered at build time', () => {
  it('finds the components the sources import from antd, and those Refine renders', () => {
    const found = importedAntdComponents([
      "import { Button, Card as Panel, type TableProps } from 'antd';",
      "import { Grid,\n  Typography } from 'antd';\nimport { Other } from 'elsewhere';",
    ]);
    expect(found).toEqual(expect.arrayContaining(['Button', 'Card', 'Grid', 'Typography', 'Layout', 'Menu']));
    expect(found).not.toContain('TableProps');
    expect(found).not.toContain('Other');
  });

  it("renders a component's production CSS with the map cssinjs reads in the browser", () => {
    const css = renderAntdStyles(path.resolve(import.meta.dirname, '..'), ['Button', 'Modal']);
    expect(css).toMatch(/\.data-ant-cssinjs-cache-path\{content:"[^"]*Button-Button\|ant-btn\|anticon:/);
    expect(css).toContain('.ant-btn');
    expect(css).toContain('.ant-modal'); // a portalled component, through its inner panel
    expect(css).not.toContain('css-dev-only'); // the development build names its styles differently
  });
});
