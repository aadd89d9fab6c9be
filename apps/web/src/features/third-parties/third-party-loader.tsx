// Adds the configured third-party scripts to the page for the signed-in person, once each, and
// removes them when that person signs out or the rule no longer lets them run.
import { useEffect } from 'react';
import { useSession } from '../session/session-provider.js';
import { scriptsFor, type ThirdParties } from './third-party-scripts.js';

export function ThirdPartyLoader({ services }: { services: ThirdParties }) {
  const { user } = useSession();
  const scripts = scriptsFor(services, user ?? null);
  const key = JSON.stringify(scripts);
  useEffect(() => {
    const added = (JSON.parse(key) as typeof scripts).map((script) => {
      const element = document.createElement('script');
      element.src = script.src;
      element.defer = true;
      element.dataset['thirdParty'] = '';
      for (const [name, value] of Object.entries(script.data)) element.dataset[name] = value;
      document.head.appendChild(element);
      return element;
    });
    return () => added.forEach((element) => element.remove());
  }, [key]);
  return null;
}
