//! Importers of exported offer files: the native JSON Lines format and two real justjoin.it
//! exports (the 2019 JSON array and the 2025 CSV with Polish headers).
//!
//! Design decision: an import never fails because of one bad record. Every record is parsed on
//! its own, mapped to an [`Offer`], normalised with [`Offer::normalize`] and checked with
//! [`validate_offer`]; a record that fails any step lands in [`ImportReport::rejected`] with the
//! line it starts on and the reason, and the others load. Only a file that is in no known format
//! (or cannot be read) is an [`IngestError`]. Source fields with no place in the model are kept in
//! [`Offer::extra`], so an import drops nothing the file carries.
//!
//! Files are read whole into memory: imports are small exports, and knowing every record up front
//! lets the progress callback report a total.

mod json_array;
mod json_fields;
mod justjoin_2019;
mod justjoin_2025;
mod native;
mod placement;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use wakat_core::validate::{is_valid_slug, validate_offer};
use wakat_core::{CategoryTree, Gazetteer, Offer, Rates};

use crate::IngestError;

pub use placement::{Placement, PlacementCounts};

/// How many bytes of a file [`import_file`] hands to [`detect_format`].
pub const DETECT_HEAD_BYTES: usize = 8 * 1024;

/// Longest slug an import derives (the limit of [`is_valid_slug`] is 200; the rest is headroom
/// for the suffixes that [`Offer::normalize`] adds to the slugs of further locations).
const MAX_DERIVED_SLUG_CHARS: usize = 160;

/// The dictionaries and clock an import maps records with.
#[derive(Debug, Clone, Copy)]
pub struct ImportContext<'a> {
    /// Cities with coordinates, for formats that carry only a city name.
    pub gazetteer: &'a Gazetteer,
    /// The tenant's categories; an offer whose category is not in it is rejected.
    pub categories: &'a CategoryTree,
    /// Exchange rates for the converted salary amounts.
    pub rates: &'a Rates,
    /// The current time, Unix seconds: the publication time of records that carry none.
    pub now: i64,
}

/// A file format the importer reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImportFormat {
    /// JSON Lines, one [`Offer`] per line (the format of the project's default data set).
    Native,
    /// The JSON array of justjoin.it's 2019 public offers endpoint.
    JustJoin2019,
    /// The CSV export of justjoin.it's 2025 API, with Polish headers.
    JustJoin2025,
}

impl ImportFormat {
    /// The stable name shown to users and written by the CLI.
    pub fn as_str(self) -> &'static str {
        match self {
            ImportFormat::Native => "native",
            ImportFormat::JustJoin2019 => "justjoin-2019",
            ImportFormat::JustJoin2025 => "justjoin-2025",
        }
    }
}

impl std::fmt::Display for ImportFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A record that was not imported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RejectedRecord {
    /// 1-based line of the file where the record starts.
    pub line: usize,
    /// Why the record was rejected, in plain words.
    pub reason: String,
}

/// The outcome of one import.
#[derive(Debug, Clone)]
pub struct ImportReport {
    /// The format the file was read as.
    pub format: ImportFormat,
    /// Valid, normalised offers in file order.
    pub offers: Vec<Offer>,
    /// Records that failed to parse or validate, in file order.
    pub rejected: Vec<RejectedRecord>,
    /// How the loaded offers of a format without coordinates were placed on the map (all zero for
    /// formats that carry coordinates).
    pub placement: PlacementCounts,
}

/// How far an import has got, handed to the progress callback after every record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImportProgress {
    /// Records processed so far (loaded or rejected).
    pub done: usize,
    /// Records in the file.
    pub total: usize,
}

/// Tells the format of a file from its extension and its first bytes.
///
/// `.jsonl`/`.ndjson` is [`ImportFormat::Native`], `.json` starting with `[` is
/// [`ImportFormat::JustJoin2019`], `.csv` whose header has `Tytuł oferty` is
/// [`ImportFormat::JustJoin2025`]; a file with another extension is recognised by content alone.
/// Anything else, including the nofluffjobs CSV export (it has no company and no city), is
/// [`IngestError::Invalid`] with the reason.
pub fn detect_format(path: &Path, head: &[u8]) -> Result<ImportFormat, IngestError> {
    let invalid = |reason: String| IngestError::Invalid { path: path.to_path_buf(), reason };
    let head = strip_bom(head);
    let first_char = head.iter().find(|b| !b.is_ascii_whitespace()).copied();
    let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("jsonl" | "ndjson") => match first_char {
            Some(b'{') | None => Ok(ImportFormat::Native),
            _ => Err(invalid("a .jsonl file must hold one JSON offer object per line".into())),
        },
        Some("json") => match first_char {
            Some(b'[') => Ok(ImportFormat::JustJoin2019),
            _ => Err(invalid("a .json file must be a JSON array of justjoin.it 2019 offers; name JSON Lines files .jsonl".into())),
        },
        Some("csv") => detect_csv(head).map_err(invalid),
        _ => match first_char {
            Some(b'[') => Ok(ImportFormat::JustJoin2019),
            Some(b'{') => Ok(ImportFormat::Native),
            _ => detect_csv(head).map_err(|_| {
                invalid(
                    "not a known format: expected JSON Lines offers (.jsonl), a justjoin.it 2019 JSON array (.json) or a justjoin.it 2025 CSV (.csv)".into(),
                )
            }),
        },
    }
}

/// Recognises a CSV export by its header line.
fn detect_csv(head: &[u8]) -> Result<ImportFormat, String> {
    let header_line = head.split(|&b| b == b'\n').next().unwrap_or_default();
    let header = String::from_utf8_lossy(header_line);
    if header.contains(justjoin_2025::TITLE_COLUMN) {
        return Ok(ImportFormat::JustJoin2025);
    }
    let columns: Vec<String> = header.split(',').map(|c| c.trim().trim_matches('"').to_ascii_lowercase()).collect();
    let has = |name: &str| columns.iter().any(|c| c == name);
    if has("position") && has("description") {
        return Err("this looks like the nofluffjobs export: its postings have no company and no city, which every offer needs".into());
    }
    Err(format!("unknown csv header (expected the justjoin.it 2025 export with a `{}` column)", justjoin_2025::TITLE_COLUMN))
}

/// Reads a file, detects its format and imports it.
pub fn import_file(path: &Path, ctx: &ImportContext) -> Result<ImportReport, IngestError> {
    import_file_with_progress(path, ctx, |_| {})
}

/// Like [`import_file`], calling `on_progress` after every record (for a progress bar).
pub fn import_file_with_progress(path: &Path, ctx: &ImportContext, on_progress: impl FnMut(ImportProgress)) -> Result<ImportReport, IngestError> {
    let bytes = std::fs::read(path).map_err(|source| IngestError::Io { path: path.to_path_buf(), source })?;
    let format = detect_format(path, &bytes[..bytes.len().min(DETECT_HEAD_BYTES)])?;
    import_bytes(format, &bytes, ctx, path, on_progress)
}

/// Imports a stream already known to be in `format`.
///
/// Errors name the path `<input>`, since a reader has none.
pub fn import_reader(format: ImportFormat, reader: impl Read, ctx: &ImportContext) -> Result<ImportReport, IngestError> {
    import_reader_with_progress(format, reader, ctx, |_| {})
}

/// Like [`import_reader`], calling `on_progress` after every record (for a progress bar).
pub fn import_reader_with_progress(
    format: ImportFormat,
    mut reader: impl Read,
    ctx: &ImportContext,
    on_progress: impl FnMut(ImportProgress),
) -> Result<ImportReport, IngestError> {
    let path = PathBuf::from("<input>");
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(|source| IngestError::Io { path: path.clone(), source })?;
    import_bytes(format, &bytes, ctx, &path, on_progress)
}

fn import_bytes(
    format: ImportFormat,
    bytes: &[u8],
    ctx: &ImportContext,
    path: &Path,
    on_progress: impl FnMut(ImportProgress),
) -> Result<ImportReport, IngestError> {
    let bytes = strip_bom(bytes);
    let mut collector = Collector::new(format, ctx, on_progress);
    let invalid = |reason: String| IngestError::Invalid { path: path.to_path_buf(), reason };
    match format {
        ImportFormat::Native => native::import(bytes, &mut collector),
        ImportFormat::JustJoin2019 => justjoin_2019::import(bytes, &mut collector).map_err(invalid)?,
        ImportFormat::JustJoin2025 => justjoin_2025::import(bytes, &mut collector).map_err(invalid)?,
    }
    let report = collector.report;
    tracing::info!(
        format = %format,
        n_loaded = report.offers.len(),
        n_rejected = report.rejected.len(),
        "import finished"
    );
    Ok(report)
}

fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// Gathers the outcome of every record: finishes and validates offers, rejects the rest, refuses
/// a slug seen earlier in the same file (a store would silently overwrite the first offer).
struct Collector<'a, P: FnMut(ImportProgress)> {
    ctx: ImportContext<'a>,
    report: ImportReport,
    first_line_of_slug: HashMap<String, usize>,
    total: usize,
    on_progress: P,
}

impl<'a, P: FnMut(ImportProgress)> Collector<'a, P> {
    fn new(format: ImportFormat, ctx: &ImportContext<'a>, on_progress: P) -> Self {
        let report = ImportReport { format, offers: Vec::new(), rejected: Vec::new(), placement: PlacementCounts::default() };
        Collector { ctx: *ctx, report, first_line_of_slug: HashMap::new(), total: 0, on_progress }
    }

    /// Announces how many records the file holds, for the progress callback.
    fn set_total(&mut self, total: usize) {
        self.total = total;
    }

    /// Normalises and validates a mapped offer, then keeps or rejects it.
    fn offer(&mut self, line: usize, mut offer: Offer, placement: Option<Placement>) {
        offer.normalize(self.ctx.rates);
        let errors = validate_offer(&offer, self.ctx.categories);
        if !errors.is_empty() {
            let reasons: Vec<String> = errors.iter().map(ToString::to_string).collect();
            return self.reject(line, format!("invalid offer: {}", reasons.join("; ")));
        }
        if let Some(&first_line) = self.first_line_of_slug.get(&offer.slug) {
            return self.reject(line, format!("duplicate slug `{}` (first used on line {first_line})", offer.slug));
        }
        self.first_line_of_slug.insert(offer.slug.clone(), line);
        if let Some(placement) = placement {
            self.report.placement.count(placement);
        }
        self.report.offers.push(offer);
        self.progress();
    }

    fn reject(&mut self, line: usize, reason: String) {
        tracing::debug!(line, reason = %reason, "import record rejected");
        self.report.rejected.push(RejectedRecord { line, reason });
        self.progress();
    }

    fn progress(&mut self) {
        let done = self.report.offers.len() + self.report.rejected.len();
        (self.on_progress)(ImportProgress { done, total: self.total.max(done) });
    }
}

/// Turns byte offsets into 1-based line numbers, scanning the input once when the offsets come in
/// increasing order (rescanning from the start for each record would be quadratic).
struct LineCounter<'b> {
    bytes: &'b [u8],
    offset: usize,
    line: usize,
}

impl<'b> LineCounter<'b> {
    fn new(bytes: &'b [u8]) -> Self {
        LineCounter { bytes, offset: 0, line: 1 }
    }

    /// Returns the line of byte `offset`.
    fn line_of(&mut self, offset: usize) -> usize {
        let offset = offset.min(self.bytes.len());
        if offset < self.offset {
            *self = LineCounter::new(self.bytes);
        }
        self.line += self.bytes[self.offset..offset].iter().filter(|&&b| b == b'\n').count();
        self.offset = offset;
        self.line
    }
}

/// Describes a JSON error with its position in the whole file, for a record that starts on
/// `first_line` (serde_json counts lines from the start of the record it parsed).
fn describe_json_error(error: &serde_json::Error, first_line: usize) -> String {
    let message = error.to_string();
    if error.line() == 0 {
        return message;
    }
    let position = format!(" at line {} column {}", error.line(), error.column());
    let message = message.strip_suffix(&position).unwrap_or(&message);
    format!("{message} (line {}, column {})", first_line + error.line() - 1, error.column())
}

/// Returns a valid slug derived from `text`, cut to a length that leaves room for suffixes.
fn derived_slug(text: &str) -> String {
    let slug = wakat_core::text::slugify(text);
    let cut: String = slug.chars().take(MAX_DERIVED_SLUG_CHARS).collect();
    cut.trim_matches('-').to_string()
}

/// Keeps a source id as the slug when it is already valid, otherwise derives one; the second
/// value tells whether the id had to change (so the caller keeps the original in `extra`).
fn slug_from_id(id: &str) -> (String, bool) {
    if is_valid_slug(id) {
        (id.to_string(), false)
    } else {
        (derived_slug(id), true)
    }
}

/// A short stable hash (FNV-1a, 32 bits shown as 8 hex digits) that tells apart records whose
/// readable slug parts collide.
fn short_hash<'s>(parts: impl IntoIterator<Item = &'s str>) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        // A separator byte keeps ("ab", "c") apart from ("a", "bc").
        for byte in part.bytes().chain(std::iter::once(0x1f)) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{:08x}", (hash >> 32) ^ (hash & 0xffff_ffff))
}

/// Parses an ISO 8601 time (`2019-10-19T16:00:07.181Z`, or with a space instead of `T` and an
/// offset, as in `2025-03-03 07:45:14.524000+00:00`) into Unix seconds.
fn parse_timestamp(text: &str) -> Result<i64, String> {
    use time::format_description::well_known::Rfc3339;
    let trimmed = text.trim();
    let mut normalised = trimmed.to_string();
    if normalised.len() > 10 && normalised.as_bytes()[10] == b' ' {
        normalised.replace_range(10..11, "T");
    }
    time::OffsetDateTime::parse(&normalised, &Rfc3339)
        .map(|moment| moment.unix_timestamp())
        .map_err(|_| format!("`{trimmed}` is not an ISO 8601 time with a time zone"))
}

/// An offer with every optional field empty, which a format mapper fills in.
fn empty_offer(source: &str) -> Offer {
    Offer { source: Some(source.to_string()), ..Offer::new("") }
}

/// Returns `None` for text that is empty after trimming, the trimmed text otherwise.
fn non_empty(text: &str) -> Option<String> {
    let trimmed = text.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}
