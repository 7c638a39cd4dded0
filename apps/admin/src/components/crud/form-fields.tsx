import {
  Col,
  Collapse,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import type { FormRule } from 'antd';
import type { InternalNamePath } from 'antd/es/form/interface';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANG_INFO } from '@pipwise/shared';
import { OTHER_LANGS } from '@/lib/language-texts';
import { required, requiredText } from '@/lib/rules';
import type { FieldDecl, FieldInput, NamePath } from './types';

type Control = Exclude<FieldInput, { kind: 'languages' } | { kind: 'group' }>;

/** A declared name as antd's path of keys. */
const toPath = (name: NamePath | undefined): InternalNamePath | undefined =>
  name === undefined ? undefined : typeof name === 'string' ? [name] : [...name];

function control(input: Control, label: string | undefined): ReactNode {
  switch (input.kind) {
    case 'text':
      return (
        <Input
          maxLength={input.maxLength}
          dir={input.dir}
          placeholder={input.placeholder}
          prefix={input.prefix}
          suffix={input.suffix}
          inputMode={input.decimal ? 'decimal' : undefined}
          classNames={input.numeric ? { input: 'numeric-text' } : undefined}
          spellCheck={input.spellCheck}
          autoComplete={input.autoComplete}
          disabled={input.disabled}
          data-testid={input.testId}
        />
      );
    case 'textarea':
      return <Input.TextArea rows={input.rows} maxLength={input.maxLength} dir={input.dir} />;
    case 'password':
      return <Input.Password dir="ltr" autoComplete={input.autoComplete} data-testid={input.testId} />;
    case 'number':
      return (
        <InputNumber
          min={input.min}
          max={input.max}
          precision={input.precision}
          step={input.step}
          placeholder={input.placeholder}
          style={{ width: '100%' }}
          data-testid={input.testId}
        />
      );
    case 'switch':
      return <Switch disabled={input.disabled} />;
    case 'select':
      return (
        <Select
          options={input.options}
          showSearch={input.search ? { optionFilterProp: 'label' } : undefined}
          data-testid={input.testId}
        />
      );
    case 'radio':
      return <Radio.Group optionType="button" options={input.options} disabled={input.disabled} />;
    case 'readonly':
      // No form value behind it, so the label's `for` finds nothing: the label names it here.
      return <Input value={input.value} disabled aria-label={label} />;
  }
}

/** Several lines of help, one under the other. */
function extraOf(extra: FieldDecl['extra']): ReactNode {
  if (typeof extra !== 'object') return extra;
  return extra.map((line, i) => (
    <Fragment key={i}>
      {i > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}

function rulesOf(t: TFunction, field: FieldDecl): FormRule[] {
  const base =
    field.required === 'text' ? [requiredText(t)] : field.required === 'value' ? [required(t)] : [];
  return [...base, ...(field.rules ?? [])];
}

/** The same text in every other language, folded away (category names, card instructions). */
function OtherLanguages({
  name,
  input,
}: {
  name: FieldDecl['name'];
  input: Extract<FieldInput, { kind: 'languages' }>;
}) {
  const base = toPath(name) ?? [];
  const items = OTHER_LANGS.map((lang) => (
    <Col span={24 / input.columns} key={lang}>
      <Form.Item name={[...base, lang]} label={LANG_INFO[lang].nativeName}>
        {input.control.kind === 'text' ? (
          <Input maxLength={input.control.maxLength} dir={LANG_INFO[lang].dir} />
        ) : (
          <Input.TextArea
            rows={input.control.rows}
            maxLength={input.control.maxLength}
            dir={LANG_INFO[lang].dir}
          />
        )}
      </Form.Item>
    </Col>
  ));
  return (
    <Collapse
      size="small"
      items={[
        { key: 'langs', label: input.label, forceRender: true, children: <Row gutter={16}>{items}</Row> },
      ]}
    />
  );
}

/** A form's fields in a grid of 24 columns, each as its declaration says. */
export function FormFields({ fields }: { fields: readonly FieldDecl[] }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      {fields.map((field) => {
        const input = field.input;
        if (input.kind === 'group')
          return (
            <Col key={field.key} span={24}>
              <Divider
                titlePlacement="start"
                style={{ marginTop: 4, marginBottom: field.extra ? 8 : undefined }}
              >
                {field.label}
              </Divider>
              {field.extra ? (
                <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
                  {extraOf(field.extra)}
                </Typography.Paragraph>
              ) : null}
            </Col>
          );
        const size = field.md ? { xs: 24, md: field.md } : { span: field.span ?? 24 };
        return (
          <Col key={field.key} {...size}>
            {input.kind === 'languages' ? (
              <OtherLanguages name={field.name} input={input} />
            ) : (
              <Form.Item
                name={toPath(field.name)}
                label={field.label}
                extra={extraOf(field.extra)}
                rules={rulesOf(t, field)}
                dependencies={field.dependencies}
                valuePropName={input.kind === 'switch' ? 'checked' : undefined}
              >
                {control(input, field.label)}
              </Form.Item>
            )}
          </Col>
        );
      })}
    </Row>
  );
}
