import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';

/** The ten recovery codes, once: only their hashes are kept on the server. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'keel-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
        Save these codes now: they will not be shown again. If you lose your phone, each code signs
        you in once in place of a code from the app.
      </Alert>
      <SimpleGrid
        cols={2}
        spacing="xs"
        verticalSpacing="xs"
        component="ul"
        aria-label="Recovery codes"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {codes.map((code) => (
          <Code key={code} component="li" fz="sm" ta="center" py={6}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <CopyButton value={text} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                size="xs"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            size="xs"
            onClick={download}
            leftSection={<IconDownload size={14} />}
          >
            Download
          </Button>
        </Group>
        <Button onClick={onDone}>I Have Saved Them</Button>
      </Group>
    </Stack>
  );
}
