import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useFavourites, useSetFavourite } from '../api/favourites';
import styles from './favourite-star.module.css';

interface Props {
  forexId: number;
  /** Without a session the star asks the page to log in first. */
  loggedIn: boolean;
  onLogin: () => void;
}

/**
 * The trade screen's star: adds the pair to the board's Favourites, or takes it off
 * (docs/market-data.md "Favourites").
 */
export function FavouriteStar({ forexId, loggedIn, onLogin }: Props) {
  const { t } = useTranslation();
  const favourites = useFavourites({ enabled: loggedIn });
  const setFavourite = useSetFavourite();
  const starred = loggedIn && (favourites.data ?? []).includes(forexId);
  return (
    <button
      type="button"
      className={`${styles.star} ${starred ? styles.starred : ''}`}
      aria-pressed={starred}
      aria-label={starred ? t('trading.favourite_remove') : t('trading.favourite_add')}
      data-testid="favourite-star"
      onClick={() => {
        if (!loggedIn) return onLogin();
        setFavourite.mutate({ id: forexId, on: !starred });
      }}
    >
      {starred ? <StarFill aria-hidden /> : <StarOutline aria-hidden />}
    </button>
  );
}
