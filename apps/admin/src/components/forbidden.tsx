import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A screen the operator's role may not use, reached by its address. */
export function Forbidden() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('admin_app.access.forbidden_title')}
      subTitle={t('admin_app.access.forbidden_desc')}
      extra={
        <Link to="/">
          <Button type="primary">{t('admin_app.access.to_dashboard')}</Button>
        </Link>
      }
      data-testid="forbidden"
    />
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('admin_app.access.not_found_title')}
      extra={
        <Link to="/">
          <Button type="primary">{t('admin_app.access.to_dashboard')}</Button>
        </Link>
      }
    />
  );
}
