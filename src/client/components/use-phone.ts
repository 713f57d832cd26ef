import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `xs` breakpoint (576 px): where tables and dialogs take a phone's layout. */
export const PHONE_QUERY = '(max-width: 36em)';

export const usePhone = () => useMediaQuery(PHONE_QUERY);
