import { describe, expect, it } from 'vitest';
import fixture from '@/testing/fixtures/config.json';
import type { BoardConfig, OfferDetail } from '@/lib/types';
import { offerBreadcrumbs, stripPraca } from './breadcrumbs';
import { jobPostingJsonLd, scriptJson } from './json-ld';

const config = fixture as unknown as BoardConfig;
const offer = {
  slug: 'acme-java-krakow', guid: 'g', title: 'Java Dev', companyName: 'Acme', companyLogoThumbUrl: null, applyUrl: null,
  workplaceType: 'remote', workingTime: 'full_time', experienceLevel: 'mid', city: 'Kraków', street: null, latitude: 50, longitude: 19,
  employmentTypes: [{ type: 'b2b', from: 10000, to: 20000, currency: 'pln', unit: 'month', gross: false, label: 'B2B' }],
  requiredSkills: [{ name: 'Java', level: 4 }], niceToHaveSkills: [], publishedAt: '2026-11-25T00:00:00Z', expiredAt: null, categoryId: 601,
  remoteInterview: false, openToHireUkrainians: false, brandStorySlug: null, multilocation: [], offerParent: { slug: 'acme-java-krakow' },
  isOfferActive: true, isNew: true, coverImage: null, companySize: null, body: '<p>x</p></script>', companyLogoUrl: '/logo.svg', companyUrl: null,
  category: { id: 601, parentId: 6, key: 'spring', labelPl: 'Spring', labelEn: 'Spring', parentKey: 'java' }, languages: [],
  bannerUrl: null, videoUrl: null, informationClause: null, customConsent: null, futureConsent: null,
  brandStoryCoverPhotoUrl: null, brandStoryShortDescription: null, isAppliedTo: false,
} as OfferDetail;

describe('offer breadcrumbs', () => {
  it('lists all offers, city, category, subcategory and title', () => {
    expect(offerBreadcrumbs(offer, config, 'pl', 'Wszystkie oferty')).toEqual([
      { label: 'Wszystkie oferty', href: '/all-locations' },
      { label: 'Kraków', href: '/krakow' },
      { label: 'Java', href: '/krakow/java' },
      { label: 'Spring', href: '/krakow/java/spring' },
      { label: 'Java Dev', href: null },
    ]);
  });

  it("strips 'Praca ' from category labels", () => {
    expect(stripPraca('Praca Java')).toBe('Java');
    expect(stripPraca('Java')).toBe('Java');
  });
});

describe('JobPosting JSON-LD', () => {
  it('describes the offer and cannot close its script element', () => {
    const data = jobPostingJsonLd(offer, 'https://x/job-offer/acme-java-krakow', (path) => `https://x${path}`);
    expect(data).toMatchObject({ '@type': 'JobPosting', title: 'Java Dev', jobLocationType: 'TELECOMMUTE', employmentType: 'FULL_TIME' });
    expect(data.baseSalary).toMatchObject({ currency: 'PLN', value: { minValue: 10000, maxValue: 20000, unitText: 'MONTH' } });
    expect(scriptJson(data)).not.toContain('</script>');
  });
});
