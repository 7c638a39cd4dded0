import { RightOutline, SoundOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { ROUTES } from '@/config/routes';
import { useAnnouncement } from '../api/get-announcement';
import styles from './announcement-teaser.module.css';

/** A one-line link to the announcement above the news, when there is one. */
export function AnnouncementTeaser() {
  const announcement = useAnnouncement();
  const title = announcement.data?.title;
  if (!title) return null;
  return (
    <Link to={ROUTES.announcement.path} className={styles.teaser} data-testid="announcement-teaser">
      <SoundOutline className={styles.icon} aria-hidden />
      <span className={styles.title}>{title}</span>
      <RightOutline className={styles.arrow} aria-hidden />
    </Link>
  );
}
