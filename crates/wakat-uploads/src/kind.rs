//! The kinds of files the board accepts, recognised from their content.

use std::io::{Read, Seek};

/// A kind of file the board can store; recognised by [`FileKind::sniff`] from the first bytes.
///
/// To accept a new kind (a logo as WebP, say), add a variant and its row in `KINDS`; `infer`
/// must know its MIME type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FileKind {
    /// A PDF document.
    Pdf,
    /// A Word (Office Open XML) document.
    Docx,
    /// A JPEG image.
    Jpeg,
    /// A PNG image.
    Png,
}

/// Each kind with the MIME type `infer` gives it and its usual file extension.
const KINDS: &[(FileKind, &str, &str)] = &[
    (FileKind::Pdf, "application/pdf", "pdf"),
    (FileKind::Docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"),
    (FileKind::Jpeg, "image/jpeg", "jpeg"),
    (FileKind::Png, "image/png", "png"),
];

/// How many first bytes are kept for sniffing: a DOCX is recognised by the names of its first
/// ZIP entries, which come after the first entry's data, so a few bytes are not enough.
pub(crate) const SNIFF_BYTES: usize = 64 * 1024;

/// What sniffing found in a file's first bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Sniffed {
    /// One of the board's kinds.
    Known(FileKind),
    /// Something `infer` knows (an executable, a ZIP...) but the board does not.
    Other(String),
    /// Nothing recognisable (plain text, random bytes).
    Unknown,
}

/// The MIME type `infer` gives any ZIP it does not recognise as something more precise.
pub(crate) const ZIP_MIME_TYPE: &str = "application/zip";

impl FileKind {
    /// Returns every kind.
    pub fn all() -> impl Iterator<Item = FileKind> {
        KINDS.iter().map(|(kind, _, _)| *kind)
    }

    /// Returns the MIME type to answer downloads with.
    pub fn mime_type(self) -> &'static str {
        self.row().1
    }

    /// Returns the usual file extension, without a dot (also a stable name to store).
    pub fn extension(self) -> &'static str {
        self.row().2
    }

    /// Returns every extension a file of this kind is named with, the usual one
    /// ([`FileKind::extension`]) first: a download keeps `photo.jpg` rather than renaming it.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            FileKind::Pdf => &["pdf"],
            FileKind::Docx => &["docx"],
            FileKind::Jpeg => &["jpeg", "jpg"],
            FileKind::Png => &["png"],
        }
    }

    /// Returns the kind with this MIME type.
    pub fn from_mime_type(mime_type: &str) -> Option<FileKind> {
        KINDS.iter().find(|(_, kind_mime, _)| *kind_mime == mime_type).map(|(kind, _, _)| *kind)
    }

    /// Returns the kind with this extension (as [`FileKind::extension`] writes it).
    pub fn from_extension(extension: &str) -> Option<FileKind> {
        KINDS.iter().find(|(_, _, kind_extension)| *kind_extension == extension).map(|(kind, _, _)| *kind)
    }

    /// Recognises a file from its first bytes only (never its name or a client's header).
    pub(crate) fn sniff(head: &[u8]) -> Sniffed {
        match infer::get(head) {
            Some(detected) => match FileKind::from_mime_type(detected.mime_type()) {
                Some(kind) => Sniffed::Known(kind),
                None => Sniffed::Other(detected.mime_type().to_string()),
            },
            None => Sniffed::Unknown,
        }
    }

    /// Returns whether a ZIP is a Word document: its directory lists `[Content_Types].xml` and
    /// `word/document.xml`.
    ///
    /// `infer` looks only at the order of the first entries, which Word keeps but LibreOffice,
    /// python-docx and some Microsoft files do not (bojand/infer#45, #130): those DOCX files are
    /// "application/zip" to it. The ZIP directory (at the end of the file) settles it; no entry
    /// is decompressed.
    pub(crate) fn is_word_package(reader: impl Read + Seek) -> bool {
        let Ok(archive) = zip::ZipArchive::new(reader) else { return false };
        let has_entry = |wanted: &str| archive.file_names().any(|name| name.is_ok_and(|name| name == wanted));
        has_entry("[Content_Types].xml") && has_entry("word/document.xml")
    }

    fn row(self) -> &'static (FileKind, &'static str, &'static str) {
        // Every variant has a row: `every_kind_has_one_row` checks it.
        KINDS.iter().find(|(kind, _, _)| *kind == self).unwrap_or(&KINDS[0])
    }
}

impl std::fmt::Display for FileKind {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(self.extension())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_one_row() {
        for kind in [FileKind::Pdf, FileKind::Docx, FileKind::Jpeg, FileKind::Png] {
            assert_eq!(KINDS.iter().filter(|(row_kind, _, _)| *row_kind == kind).count(), 1, "{kind:?}");
            assert_eq!(FileKind::from_mime_type(kind.mime_type()), Some(kind));
            assert_eq!(FileKind::from_extension(kind.extension()), Some(kind));
            assert_eq!(kind.extensions().first(), Some(&kind.extension()));
        }
        assert_eq!(FileKind::all().count(), KINDS.len());
        assert_eq!(FileKind::from_extension("exe"), None);
    }

    #[test]
    fn sniffing_ignores_everything_but_the_bytes() {
        assert_eq!(FileKind::sniff(b"%PDF-1.4\n"), Sniffed::Known(FileKind::Pdf));
        assert_eq!(FileKind::sniff(b"MZ\x90\x00"), Sniffed::Other("application/vnd.microsoft.portable-executable".into()));
        assert_eq!(FileKind::sniff(b"just some text, named cv.pdf"), Sniffed::Unknown);
    }
}
