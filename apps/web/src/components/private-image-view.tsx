import { PictureWrongOutline } from 'antd-mobile-icons';
import { usePrivateImage } from '@/lib/use-private-image';
import styles from './private-image-view.module.css';

/** A private image (deposit proof, identity photo), fetched with the session header. */
export function PrivateImageView({ url, alt, testId }: { url: string; alt: string; testId?: string }) {
  const image = usePrivateImage(url);
  return (
    <div className={styles.frame} data-testid={testId} data-status={image.status}>
      {image.status === 'ready' ? (
        <img className={styles.image} src={image.src} alt={alt} />
      ) : image.status === 'error' ? (
        <span className={styles.broken} role="img" aria-label={alt}>
          <PictureWrongOutline />
        </span>
      ) : (
        <span className={styles.loading} aria-busy="true" />
      )}
    </div>
  );
}
