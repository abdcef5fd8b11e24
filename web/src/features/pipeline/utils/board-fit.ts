export interface HiddenColumns {
  left: string[];
  right: string[];
}

/** The columns more than half out of the board's view, on each side, in board order. */
export function hiddenColumns(
  columns: readonly { label: string; left: number; right: number }[],
  viewLeft: number,
  viewRight: number,
): HiddenColumns {
  const left: string[] = [];
  const right: string[] = [];
  for (const column of columns) {
    const middle = (column.left + column.right) / 2;
    if (middle < viewLeft) left.push(column.label);
    else if (middle > viewRight) right.push(column.label);
  }
  return { left, right };
}
