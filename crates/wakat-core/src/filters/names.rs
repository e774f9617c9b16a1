//! The names table: every accepted parameter name (API names with bracket arrays, and the list
//! page's Polish and English names) mapped to what it means.

/// What a query parameter sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Key {
    Keywords,
    Titles,
    Companies,
    Skills,
    City,
    Radius,
    Categories,
    Subcategories,
    EmploymentTypes,
    ExperienceLevels,
    WorkingTimes,
    WorkplaceTypes,
    Remote,
    UkraineFriendly,
    WithSalary,
    SalaryMin,
    SalaryMax,
    SalaryRange,
    Currency,
    SortBy,
    OrderBy,
    SortShorthand,
    Page,
    PerPage,
    From,
    ItemsCount,
    Cursor,
    North,
    South,
    East,
    West,
    Zoom,
    Region,
}

/// Maps every accepted parameter name (API, English URL, Polish URL) to its meaning.
pub(super) fn key_of(name: &str) -> Option<Key> {
    let name = name.trim();
    let name = name.strip_suffix("[]").unwrap_or(name);
    // `keywords[0]` style indices are accepted as well as `keywords[]`.
    let name = match name.find('[') {
        Some(idx) if name.ends_with(']') => &name[..idx],
        _ => name,
    };
    Some(match name {
        "keywords" | "keyword" | "query" | "q" | "szukaj" => Key::Keywords,
        "titles" | "jobTitles" | "title" | "stanowisko" => Key::Titles,
        "companies" | "companyNames" | "company" | "firma" | "firmy" => Key::Companies,
        "skills" | "skill" | "umiejetnosci" => Key::Skills,
        "city" | "location" | "miasto" | "lokalizacja" => Key::City,
        "cityRadiusKm" | "radius" | "promien" => Key::Radius,
        "categories" | "category" | "categoryId" | "kategoria" | "kategorie" => Key::Categories,
        "subcategories" | "subcategory" | "podkategorie" | "podkategoria" => Key::Subcategories,
        "employmentTypes" | "employment-type" | "employmentType" | "typ-umowy" => Key::EmploymentTypes,
        "experienceLevels" | "experience-level" | "experienceLevel" | "seniority" | "doswiadczenie" => Key::ExperienceLevels,
        "workingTimes" | "working-hours" | "workingTime" | "rodzaj-pracy" => Key::WorkingTimes,
        "remoteWorkOptions" | "workplace" | "workplaceType" | "tryb-pracy" => Key::WorkplaceTypes,
        "remote" | "praca-zdalna" => Key::Remote,
        "ukraineFriendly" | "ukraine" | "ukraina" => Key::UkraineFriendly,
        "withSalary" | "with-salary" | "widelki" => Key::WithSalary,
        "salaryMin" | "salary-min" | "zarobki-od" => Key::SalaryMin,
        "salaryMax" | "salary-max" | "zarobki-do" => Key::SalaryMax,
        "salary" | "zarobki" => Key::SalaryRange,
        "currency" | "salaryCurrencies" | "salaryCurrency" | "waluta" => Key::Currency,
        "sortBy" | "sortowanie" => Key::SortBy,
        "orderBy" => Key::OrderBy,
        "sort" => Key::SortShorthand,
        "page" | "pageNumber" | "strona" => Key::Page,
        "perPage" | "pageSize" => Key::PerPage,
        "from" => Key::From,
        "itemsCount" => Key::ItemsCount,
        "cursor" => Key::Cursor,
        "north" => Key::North,
        "south" => Key::South,
        "east" => Key::East,
        "west" => Key::West,
        "zoom" => Key::Zoom,
        "region" | "clusterId" => Key::Region,
        _ => return None,
    })
}

pub(super) fn field_name(raw: &str) -> &str {
    let raw = raw.trim();
    match raw.find('[') {
        Some(idx) => &raw[..idx],
        None => raw,
    }
}
