//! A tenant's category tree: top-level categories with optional subcategories.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::text::slugify;

/// A category or subcategory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Category {
    /// Numeric value, unique within the tenant (used by filters and offers).
    pub value: u32,
    /// URL slug, unique within the tenant.
    pub slug: String,
    /// Polish label.
    pub label_pl: String,
    /// English label.
    pub label_en: String,
    /// Icon name.
    #[serde(default)]
    pub icon: String,
    /// Display order among siblings.
    #[serde(default)]
    pub order: u32,
    /// A static category is a link, not a filter.
    #[serde(default, rename = "static")]
    pub is_static: bool,
    /// Where a static category points.
    #[serde(default)]
    pub redirect_to: Option<String>,
    /// Shown with a "new" badge.
    #[serde(default)]
    pub is_new: bool,
    /// Parent value for subcategories.
    #[serde(default)]
    pub parent: Option<u32>,
    /// Subcategories, in order (filled from the file's nesting).
    #[serde(default)]
    pub children: Vec<Category>,
}

impl Category {
    /// Returns the label in `lang` (`pl` or English).
    pub fn label(&self, lang: &str) -> &str {
        if lang == "pl" {
            &self.label_pl
        } else {
            &self.label_en
        }
    }
}

/// Errors of a category file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CategoryError {
    /// The file is not valid JSON of the expected shape.
    #[error("category file is not valid: {0}")]
    Syntax(String),
    /// Two categories share a value or a slug.
    #[error("duplicate category {0}")]
    Duplicate(String),
}

/// The categories of one tenant, with lookups by value and slug.
#[derive(Debug, Clone, Default)]
pub struct CategoryTree {
    roots: Vec<Category>,
    by_value: HashMap<u32, (usize, Option<usize>)>,
    by_slug: HashMap<String, u32>,
}

impl CategoryTree {
    /// Parses a JSON array of top-level categories with nested `children`.
    pub fn from_json(json: &str) -> Result<CategoryTree, CategoryError> {
        let roots: Vec<Category> = serde_json::from_str(json).map_err(|e| CategoryError::Syntax(e.to_string()))?;
        CategoryTree::new(roots)
    }

    /// Builds the tree, sorting siblings by order and linking children to parents.
    pub fn new(mut roots: Vec<Category>) -> Result<CategoryTree, CategoryError> {
        roots.sort_by_key(|c| c.order);
        let mut tree = CategoryTree { roots: Vec::new(), by_value: HashMap::new(), by_slug: HashMap::new() };
        for (root_idx, root) in roots.iter_mut().enumerate() {
            root.parent = None;
            root.children.sort_by_key(|c| c.order);
            tree.register(root, root_idx, None)?;
            let root_value = root.value;
            for (child_idx, child) in root.children.iter_mut().enumerate() {
                child.parent = Some(root_value);
                child.children.clear();
                tree.register(child, root_idx, Some(child_idx))?;
            }
        }
        tree.roots = roots;
        Ok(tree)
    }

    fn register(&mut self, category: &Category, root_idx: usize, child_idx: Option<usize>) -> Result<(), CategoryError> {
        if self.by_value.insert(category.value, (root_idx, child_idx)).is_some() {
            return Err(CategoryError::Duplicate(category.value.to_string()));
        }
        if self.by_slug.insert(category.slug.clone(), category.value).is_some() {
            return Err(CategoryError::Duplicate(category.slug.clone()));
        }
        Ok(())
    }

    /// Top-level categories in order.
    pub fn roots(&self) -> &[Category] {
        &self.roots
    }

    /// Every category and subcategory.
    pub fn iter(&self) -> impl Iterator<Item = &Category> {
        self.roots.iter().flat_map(|root| std::iter::once(root).chain(root.children.iter()))
    }

    /// Looks a category up by value.
    pub fn get(&self, value: u32) -> Option<&Category> {
        let &(root_idx, child_idx) = self.by_value.get(&value)?;
        let root = &self.roots[root_idx];
        match child_idx {
            None => Some(root),
            Some(child_idx) => root.children.get(child_idx),
        }
    }

    /// Looks a category up by slug, or by a label or value written by hand.
    pub fn find(&self, slug_or_value: &str) -> Option<&Category> {
        let trimmed = slug_or_value.trim();
        if let Ok(value) = trimmed.parse::<u32>() {
            return self.get(value);
        }
        let value = self.by_slug.get(&slugify(trimmed))?;
        self.get(*value)
    }

    /// Returns the value itself and, for a subcategory, its parent: the values an offer of
    /// `value` is found under.
    pub fn lineage(&self, value: u32) -> Vec<u32> {
        match self.get(value) {
            Some(Category { parent: Some(parent), .. }) => vec![value, *parent],
            _ => vec![value],
        }
    }

    /// Whether the tree is empty.
    pub fn is_empty(&self) -> bool {
        self.roots.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const JSON: &str = r#"[
      {"value": 2, "slug": "java", "labelPl": "Java", "labelEn": "Java", "order": 2},
      {"value": 1, "slug": "javascript", "labelPl": "JavaScript", "labelEn": "JavaScript", "order": 1,
       "children": [{"value": 101, "slug": "react", "labelPl": "React", "labelEn": "React", "order": 1}]}
    ]"#;

    #[test]
    fn parses_sorts_and_links() {
        let tree = CategoryTree::from_json(JSON).unwrap();
        assert_eq!(tree.roots()[0].slug, "javascript");
        assert_eq!(tree.find("react").unwrap().parent, Some(1));
        assert_eq!(tree.find("101").unwrap().slug, "react");
        assert_eq!(tree.find("JavaScript").unwrap().value, 1);
        assert_eq!(tree.lineage(101), vec![101, 1]);
        assert_eq!(tree.lineage(2), vec![2]);
        assert_eq!(tree.iter().count(), 3);
        assert!(tree.find("cobol").is_none());
    }

    #[test]
    fn rejects_duplicates() {
        let json = r#"[{"value": 1, "slug": "a", "labelPl": "A", "labelEn": "A"},
                       {"value": 1, "slug": "b", "labelPl": "B", "labelEn": "B"}]"#;
        assert!(matches!(CategoryTree::from_json(json), Err(CategoryError::Duplicate(_))));
    }
}
