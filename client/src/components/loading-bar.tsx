import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { LOADING_BAR_DELAY_MS } from '@shared/constants';

/** spec §9: a top bar for client navigations, shown only when one takes longer than 200 ms. */
export function LoadingBar() {
  const busy = useNavigation().state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setVisible(true), LOADING_BAR_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setVisible(false);
    };
  }, [busy]);
  if (!busy || !visible) return null;
  return <div className="loading-bar" role="progressbar" aria-label="页面加载中" />;
}
