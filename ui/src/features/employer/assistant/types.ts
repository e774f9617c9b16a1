/**
 * The assistant hub's shapes (issue 26; `/work/assistant-contract.md`): the assistant's messages,
 * the AI-proposed ad (spec `employer-side.md` §3, the camelCase JSON of
 * `wakat_assistant::ProposedAd`) and the answer of `UpdateContextV2`. A proposal's enum values
 * are typed as strings: the form checks them against its own dictionaries before using them.
 */

export interface AssistantMessage {
  id: string;
  content: string;
  isUser: boolean;
  /** RFC 3339. */
  timestamp: string;
  score: 1 | -1 | null;
  /** Whether it may be scored now: an assistant message after the first, not scored yet. */
  scorable: boolean;
}

export interface ProposedLanguage {
  isoCode: string;
  level: string;
}

export interface ProposedSkill {
  name: string;
  /** 1 to 5, as the form's levels. */
  level: number | null;
}

export interface ProposedSalary {
  /** permanent | b2b | mandate_contract | internship | any */
  employmentType: string;
  minAmount: number | null;
  maxAmount: number | null;
  /** gross | net */
  amountType: string;
}

export interface ProposedAddress {
  city: string;
  street: string | null;
  countryCode: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** The AI-proposed ad: what it leaves out is null or empty (the form keeps what it had there). */
export interface ProposedAd {
  title: string | null;
  /** HTML (paragraphs, headings, lists). */
  description: string | null;
  /** A board category key (a top-level category or a subcategory). */
  category: string | null;
  seniority: string | null;
  isRemoteRecruitment: boolean | null;
  workplaceType: string | null;
  workingTime: string | null;
  languages: ProposedLanguage[];
  skills: { requiredSkills: ProposedSkill[]; recommendedSkills: ProposedSkill[] };
  salaryUnit: string | null;
  salaryCurrency: string | null;
  /** The first is the primary employment type, the second the additional one. */
  salaries: ProposedSalary[];
  addresses: ProposedAddress[];
}

export interface AssistantLimits {
  perMinute: number;
  perDay: number;
  usedToday: number;
}

/** The completion of `UpdateContextV2(tenant, jobAdId)`. */
export interface AssistantContext {
  jobAdId: string;
  messages: AssistantMessage[];
  proposal: ProposedAd | null;
  limits: AssistantLimits | null;
}
