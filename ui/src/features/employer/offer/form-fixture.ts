/** Test data of the offer form: a rules context and a form that passes every rule (unit tests only). */
import { dateDays, type FormRulesContext } from './schema';
import type { OfferFormValues } from './types';

export const TODAY = dateDays('2026-11-26')!;
export const ctx: FormRulesContext = {
  categories: [
    { key: 'javascript', children: ['react', 'vue'] },
    { key: 'html', children: [] },
  ],
  currencies: ['pln', 'eur'],
  workingPlaces: ['remote', 'hybrid', 'office'],
  workingTimes: ['full_time', 'part_time'],
  cities: [],
  maxLocations: 2,
  durationDays: 30,
  seniority: [],
  allowedCategories: [],
  images: true,
  todayDays: TODAY,
};

/** A form that passes every rule. */
export function valid(): OfferFormValues {
  return {
    companyName: 'Acme Software',
    companySize: '26-50',
    companyWebsite: 'https://acme.example',
    companyLogo: '/api/it/v1/company-logos/abc',
    jobPositionName: 'Senior Rust Developer',
    jobPositionExperience: 'senior',
    jobCategory: 'javascript',
    jobSubcategory: 'react',
    jobCategoryKey: '',
    languages: [{ code: 'en', level: 'B2' }],
    requiredSkills: [{ name: 'Rust', level: 4 }],
    optionalSkills: [{ name: 'Docker', level: 2 }],
    primaryEmploymentType: 'b2b',
    additionalEmploymentType: '',
    primarySalaryType: '',
    additionalSalaryType: '',
    primarySalaryFrom: '20000',
    primarySalaryTo: '25000',
    additionalSalaryFrom: '',
    additionalSalaryTo: '',
    salaryCurrency: 'pln',
    salaryUnit: 'month',
    secondSalaryActive: false,
    jobDescription: '<p>We build things.</p>',
    locations: [{ city: 'Warszawa', street: 'Marszałkowska 1', latitude: 52.2, longitude: 21, countryCode: 'PL' }],
    workingPlace: 'remote',
    workingTime: 'full_time',
    remoteInterview: false,
    openToHireUkrainians: false,
    applicationType: 'email',
    applicationTypeUri: 'jobs@acme.example',
    informationClauseText: 'Administratorem danych jest Acme Software sp. z o.o., ul. Prosta 1, Warszawa.',
    futureConsentEnabled: false,
    futureConsentText: '',
    customConsentEnabled: false,
    customConsentText: '',
    expiredAtEnabled: false,
    expiredAt: '',
    contactName: 'Anna Nowak',
    contactEmail: 'anna@acme.example',
    contactPhone: '',
    planType: 'pro',
    titleChangeEnabled: true,
    isPublished: true,
    state: 'draft',
  };
}
