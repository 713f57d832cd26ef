import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Stack, type SelectProps } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import type { z } from 'zod';
import {
  DATE_FORMATS,
  LANGUAGES,
  PreferencesInputSchema,
  TIMEZONES,
  TIME_FORMATS,
  WEEK_STARTS,
  type Account,
} from '../../../shared/account.schema.ts';
import { succeeded } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { accountErrorMessage } from './account-errors.ts';
import {
  DATE_FORMAT_OPTIONS,
  LANGUAGE_OPTIONS,
  TIME_FORMAT_OPTIONS,
  WEEK_START_OPTIONS,
  dateExample,
  timeExample,
  timezoneOptions,
} from './account-options.ts';
import { AccountSectionCard } from './account-section.card.tsx';

type PreferencesValues = z.infer<typeof PreferencesInputSchema>;

/** A stored value the list knows, or the SPEC §9 default (older rows, odd values). */
function pick<T extends string>(list: readonly T[], value: string, fallback: T): T {
  return (list as readonly string[]).includes(value) ? (value as T) : fallback;
}

function valuesOf(account: Account): PreferencesValues {
  return {
    timezone: pick(TIMEZONES, account.timezone, 'America/New_York'),
    dateFormat: pick(DATE_FORMATS, account.dateFormat, 'MM/DD/YYYY'),
    timeFormat: pick(TIME_FORMATS, account.timeFormat, '12h'),
    weekStart: pick(WEEK_STARTS, account.weekStart, 'sunday'),
    language: pick(LANGUAGES, account.language, 'en'),
  };
}

/** One of the card's choices: a list that always holds a value (no deselecting). */
function PreferenceSelect<Name extends keyof PreferencesValues>({
  control,
  name,
  description,
  ...select
}: Omit<SelectProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'description' | 'error'> & {
  control: Control<PreferencesValues>;
  name: Name;
  /** Shown under the list, from the chosen value (an example of the format). */
  description?: (value: PreferencesValues[Name]) => string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...select}
          description={description?.(field.value)}
          value={field.value}
          onChange={(value) => value && field.onChange(value)}
          onBlur={field.onBlur}
          allowDeselect={false}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** Timezone and localization (SPEC §5 Preferences). */
export function PreferencesCard({ account }: { account: Account }) {
  const utils = trpc.useUtils();
  const updatePreferences = trpc.account.updatePreferences.useMutation({
    meta: {
      success: 'Preferences updated successfully',
      error: (error: unknown) => ['Error', accountErrorMessage(error, 'Preferences update failed')],
    },
  });
  const zones = useMemo(timezoneOptions, []);
  const form = useForm<PreferencesValues>({
    resolver: zodResolver(PreferencesInputSchema),
    values: valuesOf(account),
    resetOptions: { keepDirtyValues: true },
  });
  const { isSubmitting, isDirty } = form.formState;
  const timezone = form.watch('timezone');

  const save = async (values: PreferencesValues) => {
    const saved = await succeeded(updatePreferences.mutateAsync(values));
    if (!saved) return;
    utils.account.profile.setData(undefined, saved);
    form.reset(valuesOf(saved));
    // Every date on every page follows `me.preferences` (DisplayPreferencesScope).
    await utils.auth.me.invalidate();
  };

  return (
    <AccountSectionCard
      icon={IconWorld}
      title="Timezone & Localization"
      hint="How dates and times are shown to you."
    >
      <form onSubmit={(event) => void form.handleSubmit(save)(event)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PreferenceSelect
              control={form.control}
              name="timezone"
              label="Timezone"
              data={zones}
              searchable
              nothingFoundMessage="No matching timezone"
            />
            <PreferenceSelect
              control={form.control}
              name="language"
              label="Language"
              data={LANGUAGE_OPTIONS}
            />
            <PreferenceSelect
              control={form.control}
              name="dateFormat"
              label="Date Format"
              description={(value) => `Today: ${dateExample(value, timezone)}`}
              data={DATE_FORMAT_OPTIONS}
            />
            <PreferenceSelect
              control={form.control}
              name="timeFormat"
              label="Time Format"
              description={(value) => `Now: ${timeExample(value, timezone)}`}
              data={TIME_FORMAT_OPTIONS}
            />
            <PreferenceSelect
              control={form.control}
              name="weekStart"
              label="Week Starts On"
              data={WEEK_START_OPTIONS}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" disabled={!isDirty || isSubmitting} loading={isSubmitting}>
              Save Preferences
            </Button>
          </Group>
        </Stack>
      </form>
    </AccountSectionCard>
  );
}
