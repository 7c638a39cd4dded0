import { SpinLoading, Toast } from 'antd-mobile';
import { CameraOutline, CheckCircleFill, CloseOutline } from 'antd-mobile-icons';
import { useEffect, useEffectEvent, useId, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '@/lib/image-upload';
import { UPLOAD_ACCEPT, uploadProblem } from '@/lib/upload-rules';
import { emptySlot, slotPreview, slotReducer, slotValue } from './image-slot-state';
import styles from './image-slot.module.css';

export interface SlotValue {
  /** The uploaded image's private URL, once the upload succeeded. */
  url: string | null;
  uploading: boolean;
}

interface Props {
  /** What goes in the slot ("Payment proof", "Front of ID card"). */
  label: string;
  onChange: (value: SlotValue) => void;
  /** Outline the slot in red (the form asked for it). */
  invalid?: boolean;
  testId?: string;
  className?: string;
}

/**
 * One private image (docs/product.md §9: one per slot). Picking uploads at once, with a spinner over
 * the local preview; a failed upload clears the slot (docs/product.md §8) — the api client toasts
 * the reason. Remove with the corner button; the form gets the URL through `onChange`.
 */
export function ImageSlot({
  label,
  onChange,
  invalid = false,
  testId = 'image-slot',
  className = '',
}: Props) {
  const { t } = useTranslation();
  const inputId = useId();
  const [state, dispatch] = useReducer(slotReducer, emptySlot);
  const preview = slotPreview(state);
  const { url, uploading } = slotValue(state);

  const report = useEffectEvent((value: SlotValue) => onChange(value));
  useEffect(() => report({ url, uploading }), [url, uploading]);
  // Each local preview is an object URL: free it once the slot shows something else.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const pick = async (file: File | undefined) => {
    if (!file || state.kind !== 'empty') return;
    const problem = uploadProblem(file);
    if (problem) {
      Toast.show({ content: t(problem === 'too_large' ? 'upload.too_large' : 'upload.bad_type') });
      return;
    }
    const seq = state.seq + 1; // the number the reducer gives this pick
    dispatch({ type: 'pick', preview: URL.createObjectURL(file) });
    try {
      dispatch({ type: 'uploaded', seq, url: await uploadImage(file) });
    } catch {
      dispatch({ type: 'failed', seq });
    }
  };

  return (
    <div
      className={`${styles.slot} ${invalid && state.kind === 'empty' ? styles.invalid : ''} ${className}`}
      data-testid={testId}
      data-state={state.kind}
    >
      {preview ? (
        <div className={styles.frame}>
          <img className={styles.image} src={preview} alt={label} />
          {state.kind === 'uploading' ? (
            <div className={styles.busy} aria-live="polite">
              <SpinLoading color="white" style={{ '--size': '28px' }} />
              <span>{t('upload.uploading')}</span>
            </div>
          ) : (
            <span className={styles.done} role="img" aria-label={t('upload.done')}>
              <CheckCircleFill aria-hidden />
            </span>
          )}
          <button
            type="button"
            className={styles.remove}
            aria-label={t('upload.remove')}
            data-testid={`${testId}-remove`}
            onClick={() => dispatch({ type: 'clear' })}
          >
            <CloseOutline aria-hidden />
          </button>
        </div>
      ) : (
        <label className={styles.frame} htmlFor={inputId}>
          <span className={styles.empty}>
            <span className={styles.icon} aria-hidden>
              <CameraOutline />
            </span>
            <span className={styles.add}>{t('upload.add')}</span>
          </span>
          <input
            id={inputId}
            className={styles.input}
            type="file"
            accept={UPLOAD_ACCEPT}
            data-testid={`${testId}-input`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = ''; // the same file can be picked again after a failure
              void pick(file);
            }}
          />
        </label>
      )}
      <span className={styles.label}>{label}</span>
    </div>
  );
}
