import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `xs` breakpoint a dialog takes the whole screen. */
const PHONE = '(max-width: 36em)';

/**
 * The dialog every form opens in: centred, full screen on a phone (where a centred box
 * would leave a form no room beside the keyboard). Otherwise Mantine's Modal, as it is;
 * inside a Modal.Stack it takes the `stackId` as usual.
 */
export function FormDialog(props: ModalProps & { stackId?: string }) {
  const phone = useMediaQuery(PHONE);
  return <Modal centered {...props} fullScreen={phone} />;
}
