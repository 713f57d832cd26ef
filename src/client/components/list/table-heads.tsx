import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The heading of a row-actions column (RowActions): narrow, and named "Actions" for
 * screen readers only, since the ⋮ buttons below it say what they are.
 */
export const ACTIONS_HEADER = <VisuallyHidden>Actions</VisuallyHidden>;

/** ACTIONS_HEADER as the last cell of a hand-written table head. */
export function ActionsTh() {
  return <Table.Th w={56}>{ACTIONS_HEADER}</Table.Th>;
}

/** A heading of two or more words that stays on one line when the table is narrow. */
export function NowrapTh({ children }: { children: ReactNode }) {
  return <Table.Th style={{ whiteSpace: 'nowrap' }}>{children}</Table.Th>;
}
