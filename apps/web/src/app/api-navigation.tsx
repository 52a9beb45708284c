import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setApiNavigator } from '../lib/api-client';

/** Lets the API client's 401 redirect move inside the SPA instead of reloading the page. */
export function ApiNavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setApiNavigator((to) => void navigate(to, { replace: true }));
    return () => setApiNavigator(null);
  }, [navigate]);
  return null;
}
