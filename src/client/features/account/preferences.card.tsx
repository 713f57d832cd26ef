import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
  const { errors, isSubmitting, isDirty } = form.formState;
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
            <Controller
              control={form.control}
              name="timezone"
              render={({ field }) => (
                <Select
                  label="Timezone"
                  data={zones}
                  searchable
                  nothingFoundMessage="No matching timezone"
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={errors.timezone?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="language"
              render={({ field }) => (
                <Select
                  label="Language"
                  data={LANGUAGE_OPTIONS}
                  value={field.value ?? 'en'}
                  onChange={(value) => value && field.onChange(value)}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={form.control}
              name="dateFormat"
              render={({ field }) => (
                <Select
                  label="Date Format"
                  description={`Today: ${dateExample(field.value, timezone)}`}
                  data={DATE_FORMAT_OPTIONS}
                  value={field.value}
                  onChange={(value) => value && field.onChange(value)}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={form.control}
              name="timeFormat"
              render={({ field }) => (
                <Select
                  label="Time Format"
                  description={`Now: ${timeExample(field.value, timezone)}`}
                  data={TIME_FORMAT_OPTIONS}
                  value={field.value}
                  onChange={(value) => value && field.onChange(value)}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={form.control}
              name="weekStart"
              render={({ field }) => (
                <Select
                  label="Week Starts On"
                  data={WEEK_START_OPTIONS}
                  value={field.value ?? 'sunday'}
                  onChange={(value) => value && field.onChange(value)}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                />
              )}
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
