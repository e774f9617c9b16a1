/** Test data: a proposed ad that proposes nothing (unit tests spread their fields over it). */
import type { ProposedAd } from './types';

export const EMPTY_PROPOSAL: ProposedAd = {
  title: null,
  description: null,
  category: null,
  seniority: null,
  isRemoteRecruitment: null,
  workplaceType: null,
  workingTime: null,
  languages: [],
  skills: { requiredSkills: [], recommendedSkills: [] },
  salaryUnit: null,
  salaryCurrency: null,
  salaries: [],
  addresses: [],
};
