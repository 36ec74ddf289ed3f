// "Anna Smirnova changed the status" in English, "Анна Смирнова: изменён статус" in Russian
// (issue 15): Russian verbs in the past tense agree with the actor's gender, so the Russian texts
// name the event, not the act, with no "(а)". The same template as the inbox and the bot's lines.
import { Trans } from 'react-i18next';

export function ActorLine({ actor, text, className }: { actor: string; text: string; className?: string }) {
  return <Trans i18nKey="events.byActor" values={{ actor, text }} components={{ strong: <strong className={className} /> }} />;
}
