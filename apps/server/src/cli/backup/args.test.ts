import { describe, expect, it } from 'vitest';
import { parseBackupArgs, parseRestoreArgs, UsageError } from './args.js';

const usageError = (run: () => unknown): string => {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).status).toBe(2);
    return (err as Error).message;
  }
  throw new Error('expected a usage error');
};

describe('npm run backup arguments', () => {
  it('takes nothing, --out FILE or --out=FILE, or --help', () => {
    expect(parseBackupArgs([])).toEqual({ help: false });
    expect(parseBackupArgs(['--out', 'x.db'])).toEqual({ help: false, out: 'x.db' });
    expect(parseBackupArgs(['--out=/tmp/x.db'])).toEqual({ help: false, out: '/tmp/x.db' });
    expect(parseBackupArgs(['-h']).help).toBe(true);
  });

  it('refuses anything else, naming what is wrong in one line', () => {
    expect(usageError(() => parseBackupArgs(['--bogus']))).toBe("Unknown option '--bogus'");
    expect(usageError(() => parseBackupArgs(['--out']))).toBe("Option '--out <value>' argument missing");
    expect(usageError(() => parseBackupArgs(['--out', '--help']))).toBe(
      "Option '--out' argument is ambiguous",
    );
    expect(usageError(() => parseBackupArgs(['--out', 'a', '--out', 'b']))).toBe('give --out once');
    expect(usageError(() => parseBackupArgs(['--out=']))).toBe('--out needs a file or folder name');
    expect(usageError(() => parseBackupArgs(['file.db']))).toBe('unexpected argument: file.db');
  });
});

describe('npm run restore arguments', () => {
  it('takes exactly one FILE and --yes, in any order', () => {
    expect(parseRestoreArgs(['b.db'])).toEqual({ help: false, file: 'b.db', yes: false });
    expect(parseRestoreArgs(['--yes', 'b.db'])).toEqual({ help: false, file: 'b.db', yes: true });
    expect(parseRestoreArgs(['b.db', '--yes'])).toEqual({ help: false, file: 'b.db', yes: true });
    expect(parseRestoreArgs(['--', '--odd-name.db'])).toMatchObject({ file: '--odd-name.db' });
    expect(parseRestoreArgs(['--help']).help).toBe(true);
  });

  it('refuses no file, two files, a value for --yes and unknown options', () => {
    expect(usageError(() => parseRestoreArgs([]))).toBe('name exactly one backup FILE');
    expect(usageError(() => parseRestoreArgs(['a', 'b']))).toBe('name exactly one backup FILE');
    expect(usageError(() => parseRestoreArgs(['--yes=1', 'a']))).toBe(
      "Option '--yes' does not take an argument",
    );
    expect(usageError(() => parseRestoreArgs(['--force', 'a']))).toBe("Unknown option '--force'");
  });
});
