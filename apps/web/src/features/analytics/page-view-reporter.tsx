import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { sendPageView } from './api';

const isAdminPath = (path: string) => /^\/admin(\/|$)/i.test(path);

/**
 * Reports each route change to our own analytics (cookieless; see the privacy page). A beacon is
 * sent even as the page unloads; its string body travels as text/plain, which the server reads as
 * JSON. The referrer is the page the visitor came from, so it goes with the first view only.
 */
export function PageViewReporter() {
  const { pathname } = useLocation();
  const firstView = useRef(true);
  useEffect(() => {
    const referrer = firstView.current ? document.referrer : '';
    firstView.current = false;
    if (isAdminPath(pathname)) return;
    const body = JSON.stringify({ path: pathname, ...(referrer ? { referrer } : {}) });
    sendPageView(body);
  }, [pathname]);
  return null;
}
