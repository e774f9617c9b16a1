/** schema.org JobPosting for an offer (Google's job posting structured data). */
import type { OfferDetail } from '@/lib/types';

const EMPLOYMENT: Record<string, string> = { full_time: 'FULL_TIME', part_time: 'PART_TIME', internship: 'INTERN', freelance: 'CONTRACTOR' };
const UNIT: Record<string, string> = { hour: 'HOUR', day: 'DAY', month: 'MONTH', year: 'YEAR' };

export function jobPostingJsonLd(offer: OfferDetail, url: string, absolute: (path: string) => string): Record<string, unknown> {
  const salary = offer.employmentTypes.find((entry) => entry.from !== null || entry.to !== null);
  const locations = offer.multilocation.length ? offer.multilocation : [{ city: offer.city, street: offer.street, latitude: offer.latitude, longitude: offer.longitude, slug: offer.slug }];
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: offer.title,
    description: offer.body,
    identifier: { '@type': 'PropertyValue', name: offer.companyName, value: offer.guid },
    datePosted: offer.publishedAt,
    ...(offer.expiredAt ? { validThrough: offer.expiredAt } : {}),
    employmentType: EMPLOYMENT[offer.workingTime] ?? 'OTHER',
    hiringOrganization: {
      '@type': 'Organization',
      name: offer.companyName,
      ...(offer.companyUrl ? { sameAs: offer.companyUrl } : {}),
      ...(offer.companyLogoUrl ? { logo: absolute(offer.companyLogoUrl) } : {}),
    },
    jobLocation: locations.map((location) => ({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: location.city, ...(location.street ? { streetAddress: location.street } : {}), addressCountry: 'PL' },
      geo: { '@type': 'GeoCoordinates', latitude: location.latitude, longitude: location.longitude },
    })),
    ...(offer.workplaceType === 'remote' ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'PL' } } : {}),
    ...(salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: salary.currency.toUpperCase(),
            value: {
              '@type': 'QuantitativeValue',
              ...(salary.from !== null ? { minValue: salary.from } : {}),
              ...(salary.to !== null ? { maxValue: salary.to } : {}),
              unitText: UNIT[salary.unit] ?? 'MONTH',
            },
          },
        }
      : {}),
    skills: offer.requiredSkills.map((skill) => skill.name).join(', '),
    url,
  };
}

/** Serialises JSON for a <script> element: `<` is escaped so the text can never close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
