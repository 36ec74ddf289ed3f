// Deep imports keep telegram-ui's barrel (and every component in it) out of the bundle.
export { Button } from '@telegram-apps/telegram-ui/dist/components/Blocks/Button/Button';
