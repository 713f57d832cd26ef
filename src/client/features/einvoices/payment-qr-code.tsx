import { Image, Stack, Text } from '@mantine/core';
import type { PaymentQrView } from '../../../shared/portal.schema.ts';

/**
 * The balance as a QR code a banking app reads, black on white in both themes (the server
 * draws it: the same code the PDF prints). `captionColor` suits the surface it sits on.
 */
export function PaymentQrCode({
  qr,
  captionColor = 'dimmed',
}: {
  qr: PaymentQrView;
  captionColor?: string;
}) {
  return (
    <Stack gap={4} align="center" w={160}>
      <Image src={qr.image} alt={qr.label} w={160} h={160} radius="sm" />
      <Text size="xs" c={captionColor} ta="center">
        {qr.kind === 'swiss'
          ? 'Scan the QR-bill with your banking app'
          : 'Scan with your banking app'}
      </Text>
    </Stack>
  );
}
