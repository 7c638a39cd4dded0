import type { HistoryImportFormat } from '@pipwise/shared';

/**
 * What each format's lines look like, as the page shows them under the format: a line
 * copied from such a file (not translated: it is the file's own text) and which words say
 * its time zone (`history_import.zone.<zone>`).
 */
export const FORMAT_SAMPLES: Record<HistoryImportFormat, { example: string; zone: 'est' | 'utc' }> = {
  'histdata-m1': { example: '20240102 170000;1.103400;1.103600;1.103400;1.103500;0', zone: 'est' },
  'histdata-tick': { example: '20240102 170000123,1.103450,1.103550,0', zone: 'est' },
  'dukascopy-bars': {
    example: '02.01.2024 22:00:00.000,1.10340,1.10360,1.10340,1.10350,125.31',
    zone: 'utc',
  },
  'dukascopy-ticks': { example: '02.01.2024 22:00:00.123,1.10355,1.10345,0.75,1.5', zone: 'utc' },
};

/** A file's size as operators read it: KB below a megabyte, then MB with one decimal. */
export function fileSizeParts(bytes: number): { unit: 'kb' | 'mb'; value: number } {
  if (bytes < 1024 * 1024) return { unit: 'kb', value: Math.max(1, Math.ceil(bytes / 1024)) };
  return { unit: 'mb', value: Math.round((bytes / 1024 / 1024) * 10) / 10 };
}
