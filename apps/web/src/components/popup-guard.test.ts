import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every popup of the trader app goes through the accessible wrappers (docs/accessibility.md
// "Dialogs"): BottomSheet for a sheet, confirmDialog / alertDialog / DialogFocus for a centred
// dialog. antd-mobile's own Popup and its imperative dialogs are neither named nor keep the
// focus, so only the wrappers themselves may use them.

const SRC = join(import.meta.dirname, '..');
/** The wrappers: the one place antd-mobile's popups are used directly. */
const WRAPPERS = new Set(['components/bottom-sheet.tsx', 'components/dialog-focus.tsx']);
/**
 * antd-mobile's components that open a popup with no name and no focus handling (the pickers
 * bring their own Popup: their wheels, DatePickerView / PickerView, go in a BottomSheet, as
 * components/date-picker-sheet.tsx does).
 */
const RAW_COMPONENTS = new Set([
  'Popup',
  'CenterPopup',
  'ActionSheet',
  'DatePicker',
  'Picker',
  'CascadePicker',
]);

/** What in `source` opens one of antd-mobile's popups directly, one line per finding. */
function rawPopups(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]antd-mobile['"]/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!;
      if (RAW_COMPONENTS.has(name) && !/^type\s/.test(part.trim())) found.push(`imports ${name}`);
    }
  }
  for (const match of source.matchAll(
    /from\s*['"](antd-mobile\/[^'"]*(?:popup|action-sheet|picker)[^'"]*)['"]/g,
  ))
    found.push(`imports ${match[1]!}`);
  for (const match of source.matchAll(/\b(Dialog|Modal|ActionSheet)\s*\.\s*(alert|confirm|show)\s*\(/g))
    found.push(`calls ${match[1]!}.${match[2]!}`);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('popups go through the accessible wrappers', () => {
  it('finds a raw Popup, ActionSheet or imperative dialog', () => {
    expect(rawPopups(`import { Button, Popup } from 'antd-mobile';`)).toEqual(['imports Popup']);
    expect(rawPopups(`import { DatePicker, DatePickerView } from 'antd-mobile';`)).toEqual([
      'imports DatePicker',
    ]);
    expect(rawPopups(`import {\n  Dialog,\n  ActionSheet as Sheet,\n} from "antd-mobile";`)).toEqual([
      'imports ActionSheet',
    ]);
    expect(rawPopups(`import Popup from 'antd-mobile/es/components/popup';`)).toEqual([
      'imports antd-mobile/es/components/popup',
    ]);
    expect(rawPopups(`void Dialog.alert({ title });\nModal.show({});\nDialog .confirm(x)`)).toEqual([
      'calls Dialog.alert',
      'calls Modal.show',
      'calls Dialog.confirm',
    ]);
    // What the wrappers' users write is fine.
    expect(
      rawPopups(
        `import { Button, Dialog, Modal, type PopupProps } from 'antd-mobile';\n` +
          `void alertDialog({ label });\nconfirmDialog({ label });\n<Dialog visible />`,
      ),
    ).toEqual([]);
  });

  it('are not opened directly anywhere in apps/web/src but by the wrappers', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .map((file) => relative(SRC, file).split('\\').join('/'))
      .filter((file) => !WRAPPERS.has(file))
      .flatMap((file) => rawPopups(readFileSync(join(SRC, file), 'utf8')).map((what) => `${file}: ${what}`));
    expect(offenders).toEqual([]);
  });
});
