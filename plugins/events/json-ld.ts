/** 検索エンジン向けの、1 回の開催の構造化データ（schema.org の Event）。開催時期の無い回には作らない。 */
import type {Event, WithContext} from 'schema-dts';
import {site, siteUrl} from '../../src/constants/site';
import type {EventData} from './schema';

export function eventJsonLd(event: EventData, pageUrl: string): WithContext<Event> | undefined {
  const startDate = event.start ?? event.month;
  if (!startDate) return undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    url: `${pageUrl}#${event.anchor}`,
    startDate,
    ...(event.start ? {endDate: event.end ?? event.start} : {}),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    description: event.content.join(''),
    location: {
      '@type': 'Place',
      name: event.base ?? event.area ?? event.region,
      address: {
        '@type': 'PostalAddress',
        addressRegion: event.region,
        addressCountry: 'JP',
        ...(event.area ? {addressLocality: event.area} : {}),
      },
    },
    organizer: {'@type': 'Organization', name: site.office, url: siteUrl},
  };
}
