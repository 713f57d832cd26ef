import { useCallback, useState } from 'react';
import { useRetained } from './use-retained.ts';

type Panel<T> = { mode: 'view' | 'edit'; record: T; fromView: boolean };

/**
 * A list's details and edit drawers: which one shows which row. The drawers follow the
 * list (an edit, a tag) while their row is on the page shown, and keep their own copy
 * otherwise (an edit that no longer matches the search); an edit opened from the details
 * goes back to them when it closes or saves.
 */
export function useRecordDrawers<T extends { id: number }>(items: readonly T[]) {
  const [panel, setPanel] = useState<Panel<T> | null>(null);
  const live = panel ? (items.find((item) => item.id === panel.record.id) ?? panel.record) : null;
  // Stable, so that a memoized table is not drawn again while the search is typed.
  const view = useCallback((record: T) => setPanel({ mode: 'view', record, fromView: false }), []);
  const edit = useCallback((record: T) => setPanel({ mode: 'edit', record, fromView: false }), []);
  return {
    /** The row the drawers show, kept while they close. */
    shown: useRetained(live),
    live,
    viewing: panel?.mode === 'view',
    editing: panel?.mode === 'edit',
    view,
    edit,
    editFromView: () => live && setPanel({ mode: 'edit', record: live, fromView: true }),
    close: () => setPanel(null),
    closeEdit: () =>
      setPanel((current) =>
        current?.fromView ? { ...current, mode: 'view', fromView: false } : null,
      ),
    /** After a save: back to the details with what was saved, or closed. */
    saved: (change: (current: T) => T) =>
      setPanel((current) =>
        current?.fromView
          ? { mode: 'view', record: change(current.record), fromView: false }
          : null,
      ),
    /** Changes the row shown (its tags, changed in the drawer). */
    update: (change: (current: T) => T) =>
      setPanel((current) => current && { ...current, record: change(current.record) }),
    /** A deletion that closes the drawers when they show its row (SPEC §4). */
    deleting:
      (remove: (record: T) => Promise<boolean>) =>
      async (record: T): Promise<boolean> => {
        const ok = await remove(record);
        if (ok) setPanel((current) => (current?.record.id === record.id ? null : current));
        return ok;
      },
  };
}
