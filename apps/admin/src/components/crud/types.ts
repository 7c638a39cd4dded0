import type { FormRule } from 'antd';

/**
 * The declarations the CRUD kit renders: a form as plain data — its fields, the values it
 * starts from and what it sends — built per row by each screen (features/<x>/*-form.ts),
 * so what a modal submits is unit-tested without rendering it.
 */

/** A form field's name: a key, or the path to a nested one (`['names', 'en']`). */
export type NamePath = string | readonly (string | number)[];

export interface Option<V = number | string> {
  value: V;
  label: string;
}

/** The control of a field. */
export type FieldInput =
  | {
      kind: 'text';
      maxLength?: number;
      dir?: 'ltr' | 'rtl';
      placeholder?: string;
      prefix?: string;
      suffix?: string;
      /** A decimal typed as text: the decimal keyboard on touch screens. */
      decimal?: boolean;
      /**
       * A number typed as text the decimal keyboard cannot take (a signed rate: it has no
       * minus): read left to right, on the side number inputs keep in either direction.
       */
      numeric?: boolean;
      spellCheck?: boolean;
      /** `off` where the browser must not offer what it remembers (a new operator's e-mail). */
      autoComplete?: 'off';
      disabled?: boolean;
      testId?: string;
    }
  | { kind: 'textarea'; rows: number; maxLength: number; dir?: 'ltr' | 'rtl' }
  | { kind: 'password'; autoComplete: 'current-password' | 'new-password'; testId?: string }
  | {
      kind: 'number';
      min: number;
      max: number;
      precision: number;
      step?: number;
      /** Shown while empty (e.g. "as above" where empty keeps what applies above). */
      placeholder?: string;
      testId?: string;
    }
  | { kind: 'switch'; disabled?: boolean }
  /** `search`: the options are filtered by what is typed (a long list: instruments). */
  | { kind: 'select'; options: Option[]; search?: boolean; testId?: string }
  | { kind: 'radio'; options: Option[]; disabled?: boolean }
  /** A value shown for reference, not part of the form (an instrument's fixed precision). */
  | { kind: 'readonly'; value: string }
  /**
   * A heading that opens a group of the fields after it (its text is the field's `label`,
   * a line under it the field's `extra`).
   */
  | { kind: 'group' }
  /**
   * The same text in every other language, folded away under `label`: the form field
   * `[name, lang]` for each language but English, in `columns` columns.
   */
  | {
      kind: 'languages';
      label: string;
      columns: 1 | 2;
      control: { kind: 'text'; maxLength: number } | { kind: 'textarea'; rows: number; maxLength: number };
    };

export interface FieldDecl {
  /** Unique within the form (the field's name when it has one). */
  key: string;
  name?: NamePath;
  label?: string;
  /** The help under the field; several lines as a list. */
  extra?: string | readonly string[];
  /** Columns of 24 it takes (24 when not said); `md` makes it full width on a narrow screen. */
  span?: number;
  md?: number;
  /** Required: any value, or text that is more than spaces. */
  required?: 'value' | 'text';
  rules?: FormRule[];
  dependencies?: NamePath[];
  input: FieldInput;
}

/** A line above the form (what to know before saving). */
export interface Notice {
  type: 'info' | 'warning';
  text: string;
}

/** An edit or create form of one row (or of a new one). */
export interface CrudForm<V, Input> {
  title: string;
  width: number;
  /** The values it starts from. */
  initial: V;
  /** Its fields, given what the form holds now (a field may depend on another). */
  fields: (values: Partial<V>) => FieldDecl[];
  /** What is sent for the values the operator confirmed (the kit adds the row's `id`). */
  toInput: (values: V) => Input;
  /** The OK button: its text (Save by default), danger, `data-testid`. */
  okText?: string;
  danger?: boolean;
  okTestId?: string;
  /** A paragraph and a highlighted notice above the fields. */
  intro?: string;
  notice?: Notice | null;
  /**
   * A refusal naming a field (`data.field`) is shown under that field, any other in a
   * dialog; otherwise refusals are told like every other failure.
   */
  fieldErrors?: boolean;
}
