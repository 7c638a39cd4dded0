/** A stored JSON value (audit before/after), pretty-printed and always left to right. */
export function JsonView({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span>—</span>;
  return <pre className="json-block">{JSON.stringify(value, null, 2)}</pre>;
}
