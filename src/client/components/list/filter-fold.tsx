import { Button, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { usePhone } from '../use-phone.ts';

/**
 * A list's filters in a grid. On phones they fold away behind a Filters button, so the
 * list comes first; the button says "(on)" while a filter narrows the list, since the
 * folded grid no longer shows it.
 */
export function FilterFold({
  id,
  active,
  cols,
  children,
}: {
  /** The grid's id, for the button's aria-controls. */
  id: string;
  /** A filter (or search) narrows the list. */
  active: boolean;
  cols: SimpleGridProps['cols'];
  children: ReactNode;
}) {
  const phone = usePhone();
  const [shown, setShown] = useState(false);
  return (
    <>
      {phone && (
        <Button
          variant="default"
          leftSection={<IconFilter size={16} />}
          onClick={() => setShown((current) => !current)}
          aria-expanded={shown}
          aria-controls={id}
        >
          {active ? 'Filters (on)' : 'Filters'}
        </Button>
      )}
      <SimpleGrid id={id} display={phone && !shown ? 'none' : undefined} cols={cols} spacing="sm">
        {children}
      </SimpleGrid>
    </>
  );
}
