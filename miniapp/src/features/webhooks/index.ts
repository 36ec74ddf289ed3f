// Outgoing webhooks of a project: the settings section the project edit page shows to owners and admins.
export { WebhooksSection } from './components/WebhooksSection.tsx';
