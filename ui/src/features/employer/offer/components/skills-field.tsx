'use client';
/**
 * Section 5: required and nice-to-have skills from the dictionary (searchable, paged by 20 with
 * "show more") or typed freely, each with its level 1–5.
 */
import { useEffect, useId, useState } from 'react';
import { useFieldArray, type UseFieldArrayReturn } from 'react-hook-form';
import { searchSkills } from '../api';
import { showsNothingFound } from '../skill-search';
import type { SkillPage } from '../types';
import type { SectionProps } from './form-kit';

const PAGE_SIZE = 20;

type SkillRows = UseFieldArrayReturn<import('../types').OfferFormValues, 'requiredSkills' | 'optionalSkills'>;

function SkillList({ list, rows, form, t, inputs, error }: SectionProps & { list: 'requiredSkills' | 'optionalSkills'; rows: SkillRows }) {
  const listError = error(list);
  return (
    <div className="skill-list" data-testid={`${list}-list`}>
      <h3>{t(list === 'requiredSkills' ? 'employer.offerForm.requiredSkills' : 'employer.offerForm.optionalSkills')}</h3>
      {listError ? (
        <p className="form-field__error" id={`${list}-error`} data-testid={`${list}-error`}>
          {listError}
        </p>
      ) : null}
      <ul>
        {rows.fields.map((row, index) => {
          const name = form.watch(`${list}.${index}.name`);
          const rowError = error(`${list}.${index}.name`) ?? error(`${list}.${index}.level`);
          return (
            <li key={row.id} className="skill-row" data-testid="skill-row">
              <span className="skill-row__name">{name}</span>
              <label className="visually-hidden" htmlFor={`${list}-${index}-level`}>
                {t('employer.offerForm.skillLevel', { skill: name })}
              </label>
              <select id={`${list}-${index}-level`} {...form.register(`${list}.${index}.level`, { setValueAs: (value) => (value === '' || value === null ? null : Number(value)) })}>
                {inputs.skillLevels.map((level) => (
                  <option key={level.value} value={level.value}>
                    {level.value} · {level.label}
                  </option>
                ))}
              </select>
              <button type="button" className="button button--small" onClick={() => rows.remove(index)} aria-label={`${t('employer.offerForm.remove')}: ${name}`}>
                ×
              </button>
              {rowError ? <span className="form-field__error">{rowError}</span> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function SkillsField(props: SectionProps) {
  const { form, t, inputs } = props;
  const searchId = useId();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState<SkillPage>(inputs.skills);
  // The keyword the listed page answers (the form arrives with the answer to an empty search).
  const [answeredFor, setAnsweredFor] = useState<string | null>('');
  const [pageNumber, setPageNumber] = useState(1);
  const required = useFieldArray({ control: form.control, name: 'requiredSkills' });
  const optional = useFieldArray({ control: form.control, name: 'optionalSkills' });

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const searched = keyword.trim();
      searchSkills(searched, 1, PAGE_SIZE)
        .then((answer) => {
          if (!controller.signal.aborted) {
            setPage(answer);
            setPageNumber(1);
            setAnsweredFor(searched);
          }
        })
        .catch(() => undefined);
    }, 150);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [keyword]);

  const more = async () => {
    const next = pageNumber + 1;
    const answer = await searchSkills(keyword.trim(), next, PAGE_SIZE);
    setPage((current) => ({ data: [...current.data, ...answer.data], meta: answer.meta }));
    setPageNumber(next);
  };
  const chosen = new Set([...form.watch('requiredSkills'), ...form.watch('optionalSkills')].map((skill) => skill.name.toLowerCase()));
  const add = (name: string, to: 'required' | 'optional') => {
    (to === 'required' ? required : optional).append({ name, level: 3 });
    form.clearErrors(to === 'required' ? 'requiredSkills' : 'optionalSkills');
  };
  const typed = keyword.trim();
  const typedKnown = typed === '' || page.data.some((skill) => skill.name.toLowerCase() === typed.toLowerCase()) || chosen.has(typed.toLowerCase());
  const suggestions = page.data.filter((skill) => !chosen.has(skill.name.toLowerCase()));
  return (
    <div className="skills-field">
      <div className="form-field">
        <label htmlFor={searchId}>{t('employer.offerForm.skillSearch')}</label>
        <input id={searchId} type="search" value={keyword} onChange={(event) => setKeyword(event.target.value)} autoComplete="off" data-testid="skill-search" />
      </div>
      <ul className="skill-results" aria-live="polite" data-testid="skill-results">
        {!typedKnown ? (
          <li>
            <span>{t('employer.offerForm.addTyped', { name: typed })}</span>
            <button type="button" className="button button--small" onClick={() => add(typed, 'required')}>
              {t('employer.offerForm.addRequired')}
            </button>
            <button type="button" className="button button--small" onClick={() => add(typed, 'optional')}>
              {t('employer.offerForm.addOptional')}
            </button>
          </li>
        ) : null}
        {suggestions.map((skill) => (
          <li key={skill.id} data-testid="skill-result">
            <span>{skill.name}</span>
            <button type="button" className="button button--small" onClick={() => add(skill.name, 'required')} aria-label={`${t('employer.offerForm.addRequired')}: ${skill.name}`}>
              {t('employer.offerForm.addRequired')}
            </button>
            <button type="button" className="button button--small" onClick={() => add(skill.name, 'optional')} aria-label={`${t('employer.offerForm.addOptional')}: ${skill.name}`}>
              {t('employer.offerForm.addOptional')}
            </button>
          </li>
        ))}
        {showsNothingFound({ typed, answeredFor, listed: suggestions.length, offersTyped: !typedKnown }) ? (
          <li className="muted" data-testid="skills-nothing-found">
            {t('employer.offerForm.noSkills')}
          </li>
        ) : null}
      </ul>
      {page.data.length < page.meta.total ? (
        <button type="button" className="button button--small" onClick={more} data-testid="skills-more">
          {t('employer.offerForm.moreSkills')}
        </button>
      ) : null}
      <div className="skill-lists">
        <SkillList {...props} list="requiredSkills" rows={required as SkillRows} />
        <SkillList {...props} list="optionalSkills" rows={optional as SkillRows} />
      </div>
    </div>
  );
}
