import { proxy } from 'valtio';

/** First-load gates: pages wait for the session call and the first server redirect check. */
export const boot = proxy({ redirectChecked: false });
