//! The blob store through its public API: limits, sniffing, deduplication, references, sweeps.

use std::fs::{self, File};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use proptest::prelude::*;
use sha2::{Digest, Sha256};
use wakat_store::{KvStore, MemoryStore, SledStore};
use wakat_uploads::{BlobHash, BlobStore, Detached, FileKind, StoredBlob, SweepReport, UploadError, UploadPolicy};

const CV_KINDS: &[FileKind] = &[FileKind::Pdf, FileKind::Docx, FileKind::Jpeg, FileKind::Png];
const CV_POLICY: UploadPolicy<'static> = UploadPolicy { max_bytes: 5_000_000, allowed: CV_KINDS };

fn fixture(name: &str) -> Vec<u8> {
    fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)).expect("fixture exists")
}

const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>"#;
const PACKAGE_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>"#;
const DOCUMENT: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>CV</w:t></w:r></w:p></w:body></w:document>"#;
const DOCUMENT_RELS: &str =
    r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>"#;

fn zip_of(entries: &[(&str, &str)]) -> Vec<u8> {
    let mut archive = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (name, content) in entries {
        archive.start_file(*name, stored).unwrap();
        archive.write_all(content.as_bytes()).unwrap();
    }
    archive.finish().unwrap().into_inner()
}

/// A Word document with its entries in the order Word writes them, which `infer` recognises.
fn word_docx() -> Vec<u8> {
    zip_of(&[
        ("[Content_Types].xml", CONTENT_TYPES),
        ("_rels/.rels", PACKAGE_RELS),
        ("word/document.xml", DOCUMENT),
        ("word/_rels/document.xml.rels", DOCUMENT_RELS),
    ])
}

/// The smallest Word document: `[Content_Types].xml` and `word/document.xml` only. `infer` calls
/// it a ZIP (as it does DOCX files from LibreOffice or python-docx); the ZIP directory says DOCX.
fn minimal_docx() -> Vec<u8> {
    zip_of(&[("[Content_Types].xml", CONTENT_TYPES), ("word/document.xml", DOCUMENT)])
}

/// A LibreOffice-like order: relationships first, the document part last.
fn reordered_docx() -> Vec<u8> {
    zip_of(&[("_rels/.rels", PACKAGE_RELS), ("docProps/app.xml", "<Properties/>"), ("[Content_Types].xml", CONTENT_TYPES), ("word/document.xml", DOCUMENT)])
}

/// A 64-bit ELF header: what a compiled program starts with.
fn elf_executable() -> Vec<u8> {
    let mut elf = vec![0x7f, b'E', b'L', b'F', 2, 1, 1, 0];
    elf.resize(64, 0);
    elf[16] = 2; // ET_EXEC
    elf[18] = 0x3e; // x86-64
    elf
}

fn blob_store(data_dir: &Path) -> BlobStore {
    BlobStore::new(data_dir, Arc::new(MemoryStore::new())).unwrap()
}

fn upload(blob_store: &BlobStore, policy: &UploadPolicy<'_>, bytes: &[u8], chunk_size: usize) -> Result<StoredBlob, UploadError> {
    let mut upload = blob_store.begin(policy)?;
    for chunk in bytes.chunks(chunk_size) {
        upload.write_chunk(chunk)?;
    }
    upload.finish()
}

/// Returns every file under `blobs/` (blobs and temporary files).
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(files_under(&path));
        } else {
            files.push(path);
        }
    }
    files
}

fn pdf_of_size(size: usize) -> Vec<u8> {
    let mut pdf = b"%PDF-1.4\n".to_vec();
    pdf.extend((0..size - pdf.len()).map(|byte_idx| b'a' + (byte_idx % 26) as u8));
    pdf
}

#[test]
fn exactly_the_limit_is_accepted() {
    let data_dir = tempfile::tempdir().unwrap();
    let blob_store = blob_store(data_dir.path());
    let stored = upload(&blob_store, &CV_POLICY, &pdf_of_size(5_000_000), 64 * 1024).unwrap();
    assert_eq!((stored.size, stored.kind), (5_000_000, FileKind::Pdf));
    assert_eq!(files_under(&data_dir.path().join("blobs")).len(), 1);
}

#[test]
fn one_byte_over_the_limit_is_refused_while_streaming_and_leaves_nothing() {
    let data_dir = tempfile::tempdir().unwrap();
    let blob_store = blob_store(data_dir.path());
    let too_large = pdf_of_size(5_000_001);
    let chunks: Vec<&[u8]> = too_large.chunks(64 * 1024).collect();
    let mut upload = blob_store.begin(&CV_POLICY).unwrap();
    for chunk in &chunks[..chunks.len() - 1] {
        upload.write_chunk(chunk).unwrap();
    }
    assert_eq!(upload.size(), 5_000_001 - chunks[chunks.len() - 1].len() as u64);
    let err = upload.write_chunk(chunks[chunks.len() - 1]).unwrap_err();
    assert!(matches!(err, UploadError::TooLarge { max_bytes: 5_000_000 }), "{err:?}");
    assert!(err.is_user_error());
    // Refused at the chunk that crossed the limit, and already cleaned up: not at drop time.
    assert_eq!(files_under(&data_dir.path().join("blobs")), Vec::<PathBuf>::new());
    assert!(matches!(upload.write_chunk(b"more"), Err(UploadError::Discarded)));
    assert!(matches!(upload.finish(), Err(UploadError::Discarded)));
}

#[test]
fn kinds_are_detected_from_real_samples() {
    let data_dir = tempfile::tempdir().unwrap();
    let blob_store = blob_store(data_dir.path());
    let samples = [
        (fixture("cv.pdf"), FileKind::Pdf, "application/pdf", "pdf"),
        (word_docx(), FileKind::Docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"),
        (minimal_docx(), FileKind::Docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"),
        (reordered_docx(), FileKind::Docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"),
        (fixture("photo.jpeg"), FileKind::Jpeg, "image/jpeg", "jpeg"),
        (fixture("photo.png"), FileKind::Png, "image/png", "png"),
    ];
    for (bytes, kind, mime_type, extension) in samples {
        // Chunks of 7 bytes: the sniffer must see the head however the bytes arrive.
        let stored = upload(&blob_store, &CV_POLICY, &bytes, 7).unwrap();
        assert_eq!((stored.kind, stored.kind.mime_type(), stored.kind.extension()), (kind, mime_type, extension));
        assert_eq!(stored.size, bytes.len() as u64);
        assert_eq!(stored.hash.as_str(), format!("{:x}", Sha256::digest(&bytes)));
        let mut read_back = Vec::new();
        blob_store.open(&stored.hash).unwrap().read_to_end(&mut read_back).unwrap();
        assert_eq!(read_back, bytes);
    }
}

#[test]
fn executables_text_and_other_kinds_are_refused_whatever_their_name() {
    let data_dir = tempfile::tempdir().unwrap();
    let blob_store = blob_store(data_dir.path());
    let mut windows_program = b"MZ\x90\x00\x03\x00\x00\x00".to_vec();
    windows_program.resize(128, 0);
    let plain_zip = zip_of(&[("cv.pdf", "%PDF-1.4\n")]);
    // Has the parts' names but not a Word document's: still only a ZIP.
    let half_docx = zip_of(&[("[Content_Types].xml", CONTENT_TYPES), ("word/other.xml", DOCUMENT)]);
    // What, its bytes, the kinds allowed, and the type the refusal names.
    type RefusedCase<'a> = (&'a str, Vec<u8>, &'a [FileKind], Option<&'a str>);
    let refused: [RefusedCase; 7] = [
        ("an ELF program", elf_executable(), CV_KINDS, Some("application/x-executable")),
        ("a Windows program", windows_program, CV_KINDS, Some("application/vnd.microsoft.portable-executable")),
        ("plain text", b"I am a PDF, honestly. Signed: cv.pdf".to_vec(), CV_KINDS, None),
        ("a ZIP holding a PDF", plain_zip, CV_KINDS, Some("application/zip")),
        ("a ZIP that is not quite a DOCX", half_docx, CV_KINDS, Some("application/zip")),
        ("a DOCX where only PDFs go", minimal_docx(), &[FileKind::Pdf], Some("application/zip")),
        ("a PNG where only PDFs go", fixture("photo.png"), &[FileKind::Pdf], Some("image/png")),
    ];
    for (what, bytes, allowed, expected) in refused {
        let policy = UploadPolicy { max_bytes: 5_000_000, allowed };
        match upload(&blob_store, &policy, &bytes, 1024) {
            Err(UploadError::TypeNotAllowed { detected }) => assert_eq!(detected.as_deref(), expected, "{what}"),
            other => panic!("{what}: expected TypeNotAllowed, got {other:?}"),
        }
    }
    assert_eq!(files_under(&data_dir.path().join("blobs")), Vec::<PathBuf>::new());
}

#[test]
fn an_empty_or_abandoned_upload_leaves_nothing() {
    let data_dir = tempfile::tempdir().unwrap();
    let blob_store = blob_store(data_dir.path());
    assert!(matches!(upload(&blob_store, &CV_POLICY, b"", 1), Err(UploadError::Empty)));
    let mut abandoned = blob_store.begin(&CV_POLICY).unwrap();
    abandoned.write_chunk(b"%PDF-1.4\n").unwrap();
    assert_eq!(files_under(&data_dir.path().join("blobs/tmp")).len(), 1);
    drop(abandoned);
    assert_eq!(files_under(&data_dir.path().join("blobs")), Vec::<PathBuf>::new());
}

#[test]
fn identical_content_is_stored_once_and_deleted_with_its_last_reference() {
    let data_dir = tempfile::tempdir().unwrap();
    let blob_store = blob_store(data_dir.path());
    let bytes = fixture("cv.pdf");
    let first = upload(&blob_store, &CV_POLICY, &bytes, 100).unwrap();
    let second = upload(&blob_store, &CV_POLICY, &bytes, 33).unwrap();
    assert_eq!(first, second);
    let hash = &first.hash;
    let blob_path = data_dir.path().join("blobs").join(&hash.as_str()[..2]).join(hash.as_str());
    assert_eq!(files_under(&data_dir.path().join("blobs")), vec![blob_path]);

    blob_store.attach(hash, "it/candidate/1/cv/1").unwrap();
    blob_store.attach(hash, "it/candidate/2/cv/1").unwrap();
    blob_store.attach(hash, "it/candidate/2/cv/1").unwrap();
    assert_eq!(blob_store.owners(hash).unwrap(), vec!["it/candidate/1/cv/1", "it/candidate/2/cv/1"]);

    assert_eq!(blob_store.detach(hash, "it/candidate/1/cv/1").unwrap(), Detached::FileKept);
    assert!(blob_store.exists(hash));
    assert_eq!(blob_store.detach(hash, "it/candidate/2/cv/1").unwrap(), Detached::FileDeleted);
    assert!(!blob_store.exists(hash));
    assert!(matches!(blob_store.open(hash), Err(UploadError::NotFound { .. })));
    assert!(matches!(blob_store.attach(hash, "it/candidate/3/cv/1"), Err(UploadError::NotFound { .. })));
    assert!(blob_store.owners(hash).unwrap().is_empty());
}

#[test]
fn a_file_uploaded_again_is_kept_while_its_last_old_owner_leaves() {
    let data_dir = tempfile::tempdir().unwrap();
    let blob_store = blob_store(data_dir.path());
    let bytes = fixture("photo.png");
    let old = upload(&blob_store, &CV_POLICY, &bytes, 1000).unwrap();
    blob_store.attach(&old.hash, "it/candidate/1/photo").unwrap();
    // Another candidate uploads the same photo; before they attach it, the first one leaves.
    let again = upload(&blob_store, &CV_POLICY, &bytes, 1000).unwrap();
    assert_eq!(blob_store.detach(&old.hash, "it/candidate/1/photo").unwrap(), Detached::FileKept);
    blob_store.attach(&again.hash, "it/candidate/2/photo").unwrap();
    assert!(blob_store.exists(&again.hash));
}

#[test]
fn owners_and_hashes_are_checked() {
    let data_dir = tempfile::tempdir().unwrap();
    let blob_store = blob_store(data_dir.path());
    let stored = upload(&blob_store, &CV_POLICY, &fixture("cv.pdf"), 4096).unwrap();
    for bad_owner in ["", "it/candidate/1\n", &"x".repeat(513)] {
        assert!(matches!(blob_store.attach(&stored.hash, bad_owner), Err(UploadError::InvalidOwner(_))), "{bad_owner:?}");
    }
    assert!(matches!(BlobHash::parse("../../../etc/passwd"), Err(UploadError::InvalidHash(_))));
    assert_eq!(stored.hash.as_str().parse::<BlobHash>().unwrap(), stored.hash);
}

fn set_age(path: &Path, age: Duration) {
    File::options().write(true).open(path).unwrap().set_modified(SystemTime::now() - age).unwrap();
}

#[test]
fn the_sweep_removes_old_orphans_and_nothing_else() {
    let data_dir = tempfile::tempdir().unwrap();
    let kv: Arc<dyn KvStore> = Arc::new(MemoryStore::new());
    let blob_store = BlobStore::new(data_dir.path(), kv.clone()).unwrap();
    let attached = upload(&blob_store, &CV_POLICY, &fixture("cv.pdf"), 4096).unwrap();
    blob_store.attach(&attached.hash, "it/candidate/1/cv/1").unwrap();
    let never_attached = upload(&blob_store, &CV_POLICY, &fixture("photo.png"), 4096).unwrap();
    let young_orphan = upload(&blob_store, &CV_POLICY, &fixture("photo.jpeg"), 4096).unwrap();
    let interrupted_upload = data_dir.path().join("blobs/tmp/upload-00000000deadbeef");
    let running_upload = data_dir.path().join("blobs/tmp/upload-00000000cafebabe");
    fs::write(&interrupted_upload, b"%PDF-1.4\nhalf").unwrap();
    fs::write(&running_upload, b"%PDF-1.4\n").unwrap();
    let blob_path = |hash: &BlobHash| data_dir.path().join("blobs").join(&hash.as_str()[..2]).join(hash.as_str());
    for old_path in [blob_path(&attached.hash), blob_path(&never_attached.hash), interrupted_upload.clone()] {
        set_age(&old_path, Duration::from_secs(2 * 3600));
    }

    // In the process that uploaded it, a just-finished blob is pending whatever its file's age.
    let grace = Duration::from_secs(3600);
    assert_eq!(blob_store.sweep_orphans(grace).unwrap(), SweepReport { blobs_deleted: 0, temp_files_deleted: 1 });
    assert!(!interrupted_upload.exists() && running_upload.exists());

    // After a crash (a new process), the old never-attached blob is an orphan.
    let restarted = BlobStore::new(data_dir.path(), kv).unwrap();
    assert_eq!(restarted.sweep_orphans(grace).unwrap(), SweepReport { blobs_deleted: 1, temp_files_deleted: 0 });
    assert!(!restarted.exists(&never_attached.hash));
    assert!(restarted.exists(&attached.hash), "a referenced blob is never swept");
    assert!(restarted.exists(&young_orphan.hash), "an orphan younger than the grace time may still be attached");
    assert!(running_upload.exists());
}

#[test]
fn references_survive_a_restart_with_sled() {
    let data_dir = tempfile::tempdir().unwrap();
    let hash = {
        let sled: Arc<dyn KvStore> = Arc::new(SledStore::open(data_dir.path().join("db")).unwrap());
        let blob_store = BlobStore::new(data_dir.path(), sled).unwrap();
        let stored = upload(&blob_store, &CV_POLICY, &minimal_docx(), 512).unwrap();
        blob_store.attach(&stored.hash, "it/candidate/9/cv/1").unwrap();
        stored.hash
    };
    let sled: Arc<dyn KvStore> = Arc::new(SledStore::open(data_dir.path().join("db")).unwrap());
    let blob_store = BlobStore::new(data_dir.path(), sled).unwrap();
    assert_eq!(blob_store.owners(&hash).unwrap(), vec!["it/candidate/9/cv/1"]);
    assert_eq!(blob_store.sweep_orphans(Duration::ZERO).unwrap(), SweepReport::default());
    assert_eq!(blob_store.detach(&hash, "it/candidate/9/cv/1").unwrap(), Detached::FileDeleted);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn any_chunking_gives_the_same_blob(
        tail in proptest::collection::vec(any::<u8>(), 0..3000),
        chunk_sizes in proptest::collection::vec(1usize..700, 1..12),
    ) {
        let data_dir = tempfile::tempdir().unwrap();
        let blob_store = blob_store(data_dir.path());
        let mut bytes = fixture("photo.png");
        bytes.extend(tail);
        let mut upload = blob_store.begin(&CV_POLICY).unwrap();
        let mut offset = 0;
        for chunk_size in chunk_sizes.iter().cycle() {
            if offset >= bytes.len() {
                break;
            }
            let end = (offset + chunk_size).min(bytes.len());
            upload.write_chunk(&bytes[offset..end]).unwrap();
            offset = end;
        }
        let stored = upload.finish().unwrap();
        prop_assert_eq!(stored.hash.as_str(), format!("{:x}", Sha256::digest(&bytes)));
        prop_assert_eq!(stored.size, bytes.len() as u64);
        prop_assert_eq!(stored.kind, FileKind::Png);
    }
}

#[test]
fn uploads_can_cross_threads() {
    // A web handler receives chunks on async tasks and writes them on blocking threads.
    fn assert_send<T: Send + 'static>() {}
    fn assert_send_sync<T: Send + Sync + 'static>() {}
    assert_send::<wakat_uploads::Upload>();
    assert_send_sync::<BlobStore>();
}
