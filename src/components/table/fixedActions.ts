// Where a table's Actions column sits. Pinned to the right on a wide screen (1200 px and more), where
// the table fits and a long row keeps its buttons in view; on a tablet the table scrolls as a whole
// instead, so no column runs under a pinned one that would take half the width.
import { Grid } from 'antd';

export function useFixedActions(): 'right' | undefined {
  return Grid.useBreakpoint().xl ? 'right' : undefined;
}
