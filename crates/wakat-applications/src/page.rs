//! Paging of every list: a checked page request and the page answered.

use crate::error::{ApplicationsError, Result};

/// Largest page size a list call takes.
pub const MAX_PAGE_SIZE: u32 = 100;
/// Most job advertisement ids one call takes (the spec's batches of 25).
pub const MAX_IDS_PER_BATCH: usize = 25;

/// A page request: 1-based number and size, checked on construction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    number: u32,
    size: u32,
}

impl Page {
    /// Checks a page request: `number` from 1, `size` from 1 to [`MAX_PAGE_SIZE`].
    pub fn new(number: u32, size: u32) -> Result<Page> {
        if number == 0 {
            return Err(ApplicationsError::invalid("pageNumber", "pages start at 1"));
        }
        if size == 0 || size > MAX_PAGE_SIZE {
            return Err(ApplicationsError::invalid("pageSize", format!("must be 1 to {MAX_PAGE_SIZE}")));
        }
        Ok(Page { number, size })
    }

    /// The first page of `size` entries.
    pub fn first(size: u32) -> Result<Page> {
        Page::new(1, size)
    }

    /// The 1-based page number.
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The page size.
    pub fn size(&self) -> u32 {
        self.size
    }

    /// Entries before this page.
    fn offset(&self) -> usize {
        (self.number as usize - 1).saturating_mul(self.size as usize)
    }
}

/// One page of a list, newest first.
#[derive(Debug, Clone, PartialEq)]
pub struct Paged<T> {
    /// The entries of the page.
    pub items: Vec<T>,
    /// The page's 1-based number.
    pub page_number: u32,
    /// The page size asked for.
    pub page_size: u32,
    /// Whether a later page has entries.
    pub has_next_page: bool,
    /// Entries on all pages.
    pub total: usize,
}

impl<T> Paged<T> {
    /// Replaces every item, keeping the paging facts.
    pub(crate) fn try_map<U>(self, map: impl FnMut(T) -> Result<U>) -> Result<Paged<U>> {
        let items = self.items.into_iter().map(map).collect::<Result<Vec<U>>>()?;
        Ok(Paged { items, page_number: self.page_number, page_size: self.page_size, has_next_page: self.has_next_page, total: self.total })
    }
}

/// Cuts one page out of an ordered sequence, counting the whole of it for `total`.
///
/// Every list here is bounded per candidate or per offer (favourites are capped, applications per
/// offer are thousands at most), so walking the whole sequence of small index keys is cheap.
pub(crate) fn paginate<T>(entries: impl Iterator<Item = Result<T>>, page: Page) -> Result<Paged<T>> {
    let offset = page.offset();
    let mut items = Vec::with_capacity(page.size as usize);
    let mut total = 0usize;
    for entry in entries {
        let entry = entry?;
        if total >= offset && items.len() < page.size as usize {
            items.push(entry);
        }
        total += 1;
    }
    let has_next_page = total > offset.saturating_add(page.size as usize);
    Ok(Paged { items, page_number: page.number, page_size: page.size, has_next_page, total })
}

/// Refuses a batch of more than [`MAX_IDS_PER_BATCH`] ids.
pub(crate) fn check_batch(ids: &[String]) -> Result<()> {
    if ids.len() > MAX_IDS_PER_BATCH {
        return Err(ApplicationsError::TooManyIds { max: MAX_IDS_PER_BATCH, given: ids.len() });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(n: usize) -> impl Iterator<Item = Result<usize>> {
        (0..n).map(Ok)
    }

    #[test]
    fn pages_cut_and_count() {
        let page = paginate(numbers(5), Page::new(2, 2).unwrap()).unwrap();
        assert_eq!((page.items, page.has_next_page, page.total), (vec![2, 3], true, 5));
        let last = paginate(numbers(5), Page::new(3, 2).unwrap()).unwrap();
        assert_eq!((last.items, last.has_next_page), (vec![4], false));
        let exact = paginate(numbers(4), Page::new(2, 2).unwrap()).unwrap();
        assert!(!exact.has_next_page);
        let beyond = paginate(numbers(4), Page::new(u32::MAX, MAX_PAGE_SIZE).unwrap()).unwrap();
        assert_eq!((beyond.items.len(), beyond.has_next_page, beyond.total), (0, false, 4));
    }

    #[test]
    fn page_requests_are_checked() {
        assert!(Page::new(0, 10).is_err());
        assert!(Page::new(1, 0).is_err());
        assert!(Page::new(1, MAX_PAGE_SIZE + 1).is_err());
        assert!(check_batch(&vec!["x".to_string(); MAX_IDS_PER_BATCH]).is_ok());
        assert_eq!(check_batch(&vec!["x".to_string(); 26]), Err(ApplicationsError::TooManyIds { max: 25, given: 26 }));
    }
}
