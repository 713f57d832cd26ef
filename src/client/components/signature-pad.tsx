import { Box, Button, Group, Input, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { MAX_SIGNATURE_BYTES, type SignatureInput } from '../../shared/contracts.schema.ts';

/*
 * A signature: drawn on a canvas with a mouse, a finger or a pen (pointer events), or typed
 * ("Type instead", which keyboard users reach like any switch). It answers a PNG data URL
 * (at most MAX_SIGNATURE_BYTES) or `{ typed }`, or null while there is nothing to sign with.
 */

/** The canvas's own pixels; it is shown as wide as its column, this shape kept. */
const WIDTH = 600;
const HEIGHT = 180;
const INK = '#10204a';

export function SignaturePad({
  label = 'Signature',
  onChange,
  error,
  disabled = false,
}: {
  label?: string;
  onChange: (signature: SignatureInput | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  const [drawn, setDrawn] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);

  const context = () => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return null;
    ctx.strokeStyle = INK;
    ctx.fillStyle = INK;
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    return ctx;
  };

  /** The pointer's place in the canvas's own pixels, whatever size it is shown at. */
  const at = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * WIDTH,
      y: ((event.clientY - box.top) / box.height) * HEIGHT,
    };
  };

  const clear = useCallback(() => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    setDrawn(false);
    setTooLarge(false);
  }, []);

  useEffect(() => {
    if (typing) onChange(typed.trim() ? { typed: typed.trim() } : null);
    // Only the mode and the text decide the typed answer; the drawn one is sent on pointer up.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typing, typed]);

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const point = at(event);
    last.current = point;
    // A tap is a dot.
    const ctx = context();
    ctx?.beginPath();
    ctx?.arc(point.x, point.y, 1.5, 0, Math.PI * 2);
    ctx?.fill();
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !last.current) return;
    const ctx = context();
    if (!ctx) return;
    // Every point the browser coalesced, so a fast stroke stays smooth.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [event.nativeEvent];
    const box = event.currentTarget.getBoundingClientRect();
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    for (const e of events.length ? events : [event.nativeEvent]) {
      const point = {
        x: ((e.clientX - box.left) / box.width) * WIDTH,
        y: ((e.clientY - box.top) / box.height) * HEIGHT,
      };
      ctx.lineTo(point.x, point.y);
      last.current = point;
    }
    ctx.stroke();
  };
  const up = () => {
    if (!drawing.current) return;
    drawing.current = false;
    last.current = null;
    const url = canvas.current?.toDataURL('image/png');
    if (!url) return;
    setDrawn(true);
    const fits = url.length <= MAX_SIGNATURE_BYTES;
    setTooLarge(!fits);
    onChange(fits ? url : null);
  };

  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="sm">
        <Input.Label id={`${id}-label`} required>
          {label}
        </Input.Label>
        <Switch
          label="Type instead"
          checked={typing}
          disabled={disabled}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setTyping(next);
            if (!next) {
              clear();
              onChange(null);
            }
          }}
        />
      </Group>
      {typing ? (
        <TextInput
          aria-labelledby={`${id}-label`}
          placeholder="Type your signature"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          maxLength={200}
          disabled={disabled}
          error={error}
          styles={{ input: { fontFamily: 'cursive', fontSize: 22, height: 48 } }}
        />
      ) : (
        <>
          <Box
            style={{
              border: `1px solid var(--mantine-color-${error || tooLarge ? 'red-6' : 'gray-5'})`,
              borderRadius: 8,
              // Paper-white in both themes: the ink is what the PDF shows.
              background: '#fff',
              overflow: 'hidden',
            }}
          >
            <canvas
              ref={canvas}
              width={WIDTH}
              height={HEIGHT}
              role="img"
              aria-labelledby={`${id}-label`}
              aria-describedby={`${id}-help`}
              data-testid="signature-pad"
              onPointerDown={down}
              onPointerMove={move}
              onPointerUp={up}
              onPointerCancel={up}
              style={{
                display: 'block',
                width: '100%',
                aspectRatio: `${WIDTH} / ${HEIGHT}`,
                touchAction: 'none',
                cursor: disabled ? 'not-allowed' : 'crosshair',
              }}
            />
          </Box>
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text id={`${id}-help`} size="xs" c={error || tooLarge ? 'red' : 'dimmed'}>
              {tooLarge
                ? 'This signature is too large: clear it and draw it again.'
                : (error ?? 'Draw your signature with a mouse, a finger or a pen.')}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconEraser size={14} />}
              style={{ flexShrink: 0 }}
              disabled={!drawn || disabled}
              onClick={() => {
                clear();
                onChange(null);
              }}
            >
              Clear
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
